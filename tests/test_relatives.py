"""A relative clause's verb agrees with the noun before "who" (tutor/runtime/relatives.py): offered
where the model proposed nothing, kept when the parser reads it better too, never taken out of that
number; and never where the clause may belong to another noun."""

from miniserve.tutor.runtime import gate, offers, quantifiers, relatives
from miniserve.tutor.runtime.guard import NO_ERROR, tokens
from miniserve.tutor.runtime.parser import shared

link_grammar = shared()  # installed by the README's test command: None fails these tests, never skips them


def corrected(sentence: str) -> list[str]:
    toks = tokens(sentence)
    return [gate.apply(sentence, [e], frozenset({0})).strip() for e in offers.number_flips(toks) if relatives.corrects(toks, e)]


def test_the_verb_after_who_takes_the_number_of_the_noun_before_it():
    assert corrected("Students who was late had to wait.") == ["Students who were late had to wait."]
    assert corrected("I have a friend who live in Rome.") == ["I have a friend who lives in Rome."]
    assert corrected("People who often visits the museum say so.") == ["People who often visit the museum say so."]
    assert corrected("The number of people who works from home has grown.") == [
        "The number of people who work from home has grown."]  # "the number of" is the main verb's ("has")


def test_who_after_an_age_stands_for_the_noun_before_it():
    assert corrected("Children under 5 who travels with a parent pay nothing.") == [
        "Children under 5 who travel with a parent pay nothing."]
    sentence = "People over seventy who use email are less lonely."
    toks = tokens(sentence)
    taken_out = [gate.apply(sentence, [e], frozenset({0})).strip() for e in offers.number_flips(toks) if relatives.contradicts(toks, e)]
    assert taken_out == ["People over seventy who uses email are less lonely."]


def test_the_verb_after_a_clause_between_commas_takes_the_subjects_number():
    assert corrected("The course, which lasts three weeks and costs 400 euros, seem very expensive to me.") == [
        "The course, which lasts three weeks and costs 400 euros, seems very expensive to me."]
    assert corrected("My parents, who live in Spain, visits me often.") == ["My parents, who live in Spain, visit me often."]
    assert corrected("Maria, who lives in Rome, have a dog.") == []  # a name: "the Smiths" are plural
    assert corrected("However, when it rains, the streets is wet.") == []  # no subject opens the sentence
    # a noun that is a verb too, after "the"; "one of"; a name after one person; an apposition; an opening adverb
    assert corrected("The market, which is near the port, are open every day.") == [
        "The market, which is near the port, is open every day."]
    assert corrected("One of my classmates, who is vegetarian, eat only salad.") == [
        "One of my classmates, who is vegetarian, eats only salad."]
    assert corrected("My friend Kasia, who is a good skier, were hurt.") == ["My friend Kasia, who is a good skier, was hurt."]
    assert corrected("The prize, a week in London, were worth a lot.") == ["The prize, a week in London, was worth a lot."]
    assert corrected("My uncle, together with his dogs, were in the garden.") == ["My uncle, together with his dogs, was in the garden."]
    assert corrected("Also, the big screens, which cost a lot, was broken.") == [
        "Also, the big screens, which cost a lot, were broken."]
    assert corrected("The man I met, who lives here, are nice.") == []  # "met": a clause, not a noun phrase
    # the relative clause's own verb after a comma agrees with the subject that opens the sentence
    assert corrected("My father, who work in a bank, is tired.") == ["My father, who works in a bank, is tired."]


def test_no_number_where_the_clause_may_be_another_nouns_or_the_noun_says_nothing():
    assert corrected("I met Maria, who live in Rome.") == []  # after a comma: any word may come before
    assert corrected("The family who live next door are nice.") == []  # collective: British plural
    assert corrected("The claims that costs rise are false.") == []  # "costs" may be the noun
    assert corrected("The leader of the workers who want more pay spoke.") == []  # the leader's or the workers'?
    assert corrected("The man who I met lives here.") == []
    assert corrected("They are students of the first year who have never used it.") == []  # the students' or the year's?
    assert corrected("There are many old people in our village who walk to the shop.") == []  # the people's, not the village's
    assert corrected("The boy with the blue glasses who sit behind me is funny.") == []
    assert corrected("There is no bus on Sunday mornings which is a problem for older people.") == []  # a noun before the noun
    assert corrected("I live with someone who never clean the kitchen.") == ["I live with someone who never cleans the kitchen."]
    assert corrected("It is open for all children between six and twelve years old who live in the town.") == []  # "old" no one
    assert corrected("My three brothers, who is older than me, live abroad.") == [
        "My three brothers, who are older than me, live abroad."]  # a number before the noun


def test_the_main_verb_after_a_clause_whose_subject_is_who_and_its_object():
    def decided(sentence: str) -> list[str]:
        toks = tokens(sentence)
        return [gate.apply(sentence, [e], frozenset({0})).strip() for e in offers.number_flips(toks) if relatives.decides(toks, e)]
    assert decided("The nurses who treated my father deserves a medal.") == ["The nurses who treated my father deserve a medal."]
    assert decided("The man who runs the shop are very kind.") == ["The man who runs the shop is very kind."]
    assert decided("The girl who helps the children learn fast.") == []  # "help" takes a bare infinitive after its object
    assert decided("The volunteers who help with the parade has to pay.") == ["The volunteers who help with the parade have to pay."]
    assert decided("I would like to know whether the volunteers who help with the parade has to pay.") == [
        "I would like to know whether the volunteers who help with the parade have to pay."]  # the clause after "whether"
    assert decided("The museum near the river, which opened in May, attract many tourists.") == [
        "The museum near the river, which opened in May, attracts many tourists."]  # the head before its phrase
    assert decided("The show about the animals, which started last week, attract children.") == [
        "The show about the animals, which started last week, attracts children."]


def test_the_main_verb_keeps_its_quantifier_and_the_clauses_verb_its_noun():
    toks = tokens("The number of people who work from home have grown.")
    [edit] = [e for e in offers.number_flips(toks) if toks[e.start] == "have"]
    assert quantifiers.corrects(toks, edit)  # "have" -> "has": the number of
    [edit] = [e for e in offers.number_flips(toks) if toks[e.start] == "work"]
    assert relatives.contradicts(toks, edit) and not quantifiers.contradicts(toks, edit)
    assert edit not in offers.flips(toks)  # "work" -> "works" is never offered


def test_no_relative_clause_fix_fires_on_edited_english():
    from miniserve.tutor.corpus.wordnet import examples

    fired = [s for s in examples() for t in [tokens(s)] if any(relatives.corrects(t, e) for e in offers.number_flips(t))]
    assert fired == []


def test_an_offer_the_rule_and_the_parser_agree_on_is_kept_whatever_the_model_scores(tutor_folder):
    from miniserve.service.tutoring import Tutor
    from miniserve.tutor.runtime.prompt import TutorPrompt

    tutor = Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=2.0, parser=link_grammar)
    sentence = "The number of people who works from home has grown, and many offices in the city centre are now empty."
    turn = tutor.plan(sentence, paragraph=False).turns[0]
    turn.decoded(tutor.prompt.completion_ids(sentence, NO_ERROR), "stop")
    while turn.review is None and turn.questions:
        turn.weigh(link_grammar.parse_all(turn.questions))
    fixed = sentence.replace("works", "work")
    assert fixed in turn.answers
    turn.scored([[-30.0] if answer != fixed else [-35.0] for answer in turn.answers])  # 5 nats under the copy
    assert turn.review.corrected == fixed
    assert turn.review.explanation == "'who' stands for 'people', which is plural: use 'work', not 'works'."


def test_someone_or_everyone_before_who_is_singular_and_those_plural():
    assert corrected("Someone who don't have a smartphone feels excluded.") == [
        "Someone who doesn't have a smartphone feels excluded."]
    assert corrected("Anyone who want to come is welcome.") == ["Anyone who wants to come is welcome."]
    assert corrected("Those who works hard will succeed.") == ["Those who work hard will succeed."]


def test_after_a_or_every_the_noun_before_who_is_singular():
    assert corrected("A person who work at night needs sleep.") == ["A person who works at night needs sleep."]
    assert corrected("A fish that swim fast is hard to catch.") == []  # "swim" may be a noun after "that"


def test_the_noun_before_who_speaks_across_now():
    sentence = "Look at the number of people who now work from home."
    [edit] = gate.edits(sentence, sentence.replace("now work", "now works"))
    assert relatives.contradicts(tokens(sentence), edit)


def test_the_rule_decides_alone_after_a_clause_between_commas_and_after_who_and_the_opening_subject():
    toks = tokens("The museum, which was opened in 1998, attract thousands of tourists every year.")
    [edit] = [e for e in offers.number_flips(toks) if toks[e.start] == "attract"]
    assert relatives.decides(toks, edit)
    toks = tokens("I have a friend who live in Rome.")  # a relative clause's own verb: offered, and the model weighs it
    [edit] = [e for e in offers.number_flips(toks) if toks[e.start] == "live"]
    assert relatives.corrects(toks, edit) and not relatives.decides(toks, edit)
    for sentence, verb in (("Farmers who grows vegetables sell them here.", "grows"),
                           ("In my opinion young people who lives alone learn a lot.", "lives"),
                           ("Luckily, the nurse who work at night was there.", "work")):
        toks = tokens(sentence)  # "who" right after the subject that opens the sentence: no other noun it may be
        [edit] = [e for e in offers.number_flips(toks) if toks[e.start] == verb]
        assert relatives.decides(toks, edit), sentence
    toks = tokens("The friends of my sister who lives in Rome came.")  # "who" may be the sister
    assert not any(relatives.decides(toks, e) for e in offers.number_flips(toks))


def test_the_verb_after_a_clause_whose_subject_is_a_person_takes_the_opening_nouns_number():
    """"The food that they sell ... are" -> "is": decided alone, as after a clause between commas."""
    for sentence, right in [("The food that they sell in fast food restaurants are not healthy.",
                             "The food that they sell in fast food restaurants is not healthy."),
                            ("The hotel where we stayed were full of tourists.", "The hotel where we stayed was full of tourists."),
                            ("The course I attended last summer were very useful.", "The course I attended last summer was very useful."),
                            ("The flat we are renting in Nice are next to the beach.", "The flat we are renting in Nice is next to the beach."),
                            ("The bikes that the school bought last year is already broken.",
                             "The bikes that the school bought last year are already broken.")]:
        toks = tokens(sentence)
        [edit] = [e for e in offers.number_flips(toks) if relatives.decides(toks, e)]
        assert gate.apply(sentence, [edit], frozenset({0})).strip() == right
        assert relatives.explanation(toks, edit).startswith("The subject is '")
    for sentence in ["The little object that she held in her hand was my grandmother's ring!",  # "hand": a noun
                     "The cheese that we bought on the little market in Matera was incredible.",
                     "The man I love is here.", "The bikes which the council bought are broken."]:
        toks = tokens(sentence)
        assert not any(relatives.decides(toks, e) for e in offers.number_flips(toks))
