"""The modal or tense a clause's frame calls for (tutor/runtime/conditionals.py) and the past an opening
time phrase decides (tense.decided_pasts): what each changes, where each stays silent, that none fires
on edited English, and that the served flow shows their fix whatever the model scores."""

import pytest

from miniserve.service.tutoring import Tutor
from miniserve.tutor.runtime import conditionals, gate, perfects, story, tense
from miniserve.tutor.runtime.guard import NO_ERROR, tokens
from miniserve.tutor.runtime.parser import shared
from miniserve.tutor.runtime.prompt import TutorPrompt

link_grammar = shared()  # installed by the README's test command: None fails these tests, never skips them


def fixed(sentence: str, rule=conditionals.edits) -> list[str]:
    return [gate.apply(sentence, [e], frozenset({0})).strip() for e in rule(tokens(sentence))]


@pytest.mark.parametrize("sentence, expected", [
    ("If I will have more money, I will buy a new car.", "If I have more money, I will buy a new car."),
    ("If it will rain tomorrow, we will stay at home.", "If it rains tomorrow, we will stay at home."),
    ("When I will finish my studies, I will travel.", "When I finish my studies, I will travel."),
    ("As soon as you will arrive, please call me.", "As soon as you arrive, please call me."),
    ("If the weather will be good, we can go to the beach.", "If the weather is good, we can go to the beach."),
    ("If my parents will agree, I'll come with you.", "If my parents agree, I'll come with you."),
    ("If you will need more information, please contact me.", "If you need more information, please contact me."),
    ("When I will arrive to the airport, I will call the hotel.", "When I arrive to the airport, I will call the hotel."),
    ("If the governments will not control it, only big companies will benefit.", "If the governments do not control it, only big companies will benefit."),
    ("If my brother will not come, I will go alone.", "If my brother does not come, I will go alone."),
    ("If it will not be sunny, we will stay at home.", "If it is not sunny, we will stay at home."),
    ("If one day I will become a doctor, I will help everyone.", "If one day I become a doctor, I will help everyone."),
])
def test_a_condition_about_the_future_takes_the_present(sentence, expected):
    assert fixed(sentence) == [expected]


@pytest.mark.parametrize("sentence", [
    "If you will excuse me, I will leave now.",  # a polite "will"
    "I don't know if he will come.",  # an indirect question: "if" does not open the sentence
    "When will you come, I wonder?",  # a question
    "If the news will be bad, we will know.",  # "news": no number to give the verb
])
def test_no_present_where_the_will_is_no_condition_about_the_future(sentence):
    assert fixed(sentence) == []


@pytest.mark.parametrize("sentence", [
    "If it will help you finish the project on time, I'll gladly stay late tonight.",  # a result that holds now
    "If you will just wait here, the manager will be with you shortly.",  # polite
    "When the doctor will see me is still a mystery, so I'll bring a book.",  # the clause is a subject
    # no comma after the condition: "will" is the next clause's, whose subject follows the condition's verb
    "If this happens again I will travel with another company, and I will tell all my friends.",
])
def test_no_present_for_a_will_that_is_right(sentence):
    assert fixed(sentence) == []


def test_a_polite_request_with_would_if_takes_could_or_would():
    assert fixed("I would be grateful if you can send me more information.") == [
        "I would be grateful if you could send me more information."]
    assert fixed("It would be really great if you can come to my party.") == [
        "It would be really great if you could come to my party."]
    assert fixed("I'd appreciate it if you will reply soon.") == ["I'd appreciate it if you would reply soon."]
    assert fixed("I would be grateful if you could send me more information.") == []
    assert fixed("I would like to know if you can send me more information.") == []  # an indirect question


def test_after_a_past_verb_of_thinking_will_and_can_move_back():
    assert fixed("I thought it will be a boring film.") == ["I thought it would be a boring film."]
    assert fixed("I knew that I can trust him.") == ["I knew that I could trust him."]
    assert fixed("I was sure that she will win.") == ["I was sure that she would win."]
    assert fixed("I didn't know he can speak French.") == ["I didn't know he could speak French."]
    assert fixed("I have always thought that technology will help us.") == []  # the thought holds now
    assert fixed("He said he will come tomorrow.") == []  # reporting: either may be right
    assert fixed("What I thought will happen did happen.") == []  # no subject before the thought
    assert fixed("I did not think it will rain.") == ["I did not think it would rain."]
    assert fixed("You never think it will happen to you.") == []  # "never think": a present


def test_an_unreal_condition_takes_would():
    assert fixed("If I were you, I will accept the job.") == ["If I were you, I would accept the job."]
    assert fixed("If I could choose, I will live by the sea.") == ["If I could choose, I would live by the sea."]
    assert fixed("If I had more free time, I will visit you.") == ["If I had more free time, I would visit you."]
    assert fixed("If I had known about it, I will come.") == []  # a past perfect: two words to change
    assert fixed("If I were you, I would accept the job.") == []
    assert fixed("If you were there, you will remember it.") == []  # a real past may be meant


@pytest.mark.parametrize("sentence, expected", [
    ("Last night there is a terrible storm and our roof started to leak.",
     "Last night there was a terrible storm and our roof started to leak."),
    ("Last Saturday the bus to the conference centre doesn't come, so we took a taxi.",
     "Last Saturday the bus to the conference centre didn't come, so we took a taxi."),
    ("Two years ago the school start a programme of exchanges.", "Two years ago the school started a programme of exchanges."),
    ("When the bell rang, Ahmed run out of the classroom.", "When the bell rang, Ahmed ran out of the classroom."),
    ("When I was a child, we don't have a computer at home.", "When I was a child, we didn't have a computer at home."),
    ("Yesterday, I go to the cinema with my friends.", "Yesterday, I went to the cinema with my friends."),
    ("Last year I can't come to your party because I was ill.", "Last year I couldn't come to your party because I was ill."),
    ("That day I go to the beach with my friends.", "That day I went to the beach with my friends."),
    ("Two days ago the vet comes to check the kittens.", "Two days ago the vet came to check the kittens."),  # a noun before a verb
])
def test_the_main_verb_after_an_opening_past_phrase_is_the_past(sentence, expected):
    assert fixed(sentence, tense.decided_pasts) == [expected]


@pytest.mark.parametrize("sentence", [
    "Last summer I remember it was very hot.",  # a verb that may speak of now
    "When I was young, I think I was happier.",
    "Two years ago my brother, who lives in Paris, bought a car.",
    "When I finally got to the station, the last train had already left.",  # "train" is a noun here
    "Last year I moved here and now I love it.",
    "Yesterday's match is on television again tonight.",
    "Before he left, my father told me don't open the box.",  # the phrase's verb is "told"
    "I will be busy that day.",
    "Before we got off the bus, Mr Peters said we had ten minutes.",  # a name after a title, no verb
    "When we were finally sitting by the fire, warm and dry at last, I realised it.",  # two adjectives, no subject
    "Last month the school organise a photo walk.",  # "organise", a verb the tables lack, is the clause's; not "walk"
    "When the students arrived, the sea lion show already started.",  # "show" is a noun: a past after it
])
def test_no_decided_past_where_the_clause_may_speak_of_now(sentence):
    assert fixed(sentence, tense.decided_pasts) == []


@pytest.mark.parametrize("sentence, expected", [
    ("When I open the door, I saw a man in the garden.", "When I opened the door, I saw a man in the garden."),
    ("When we arrive at the hotel, we were very hungry.", "When we arrived at the hotel, we were very hungry."),
    ("After the lesson finishes, we went home.", "After the lesson finished, we went home."),
    ("When my parents are at work, I was alone.", "When my parents were at work, I was alone."),
    ("Sadly, when we reach the top, everyone was too tired to enjoy it.", "Sadly, when we reached the top, everyone was too tired to enjoy it."),
])
def test_a_present_clause_before_a_past_main_clause_is_the_past(sentence, expected):
    assert fixed(sentence, story.present_before_past) == [expected]


@pytest.mark.parametrize("sentence", [
    "When I think about it, I was very lucky.",  # a verb that may speak of now
    "When you arrive, my dad picks you up.",  # no past
    "After the terrorist attack, people looked shocked.",  # a noun
    "After he published his book, he was famous.",  # the past already
    "Before you judge him, remember that he lost his job last year.",  # the main clause's own verb is no past
    "When you visit the castle, you learn that it was built in 1150.",
    "Luckily, when I think about it, I was right.",  # a sentence adverb first: the same rules
])
def test_no_past_for_a_clause_that_may_stay_in_the_present(sentence):
    assert fixed(sentence, story.present_before_past) == []


def test_a_present_since_a_point_in_the_past_is_the_present_perfect():
    assert fixed("I know Marta since we were six years old.", perfects.perfect_since) == [
        "I have known Marta since we were six years old."]
    assert fixed("I live here since 2010.", perfects.perfect_since) == ["I have lived here since 2010."]
    assert fixed("She is ill since Monday.", perfects.perfect_since) == ["She has been ill since Monday."]
    assert fixed("My parents have this car since I was born.", perfects.perfect_since) == [
        "My parents have had this car since I was born."]
    assert fixed("I am working here since last year.", perfects.perfect_since) == ["I have been working here since last year."]
    assert fixed("I am leaving since my mother is ill.", perfects.perfect_since) == []  # a progressive: "since" a point only
    assert fixed("I stay at home since it is raining.", perfects.perfect_since) == []  # "since" of a reason
    assert fixed("I have lived here since 2010.", perfects.perfect_since) == []
    assert fixed("She is the best player we have had since 2012.", perfects.perfect_since) == []  # another verb's "since"
    assert fixed("The figures show a big improvement since last year.", perfects.perfect_since) == []  # the change's "since"
    assert fixed("We didn't see each other since Christmas.", perfects.perfect_since) == [
        "We haven't seen each other since Christmas."]
    assert fixed("He doesn't call me since last week.", perfects.perfect_since) == ["He hasn't called me since last week."]
    # a determiner, an adjective and a noun: no verb there
    assert fixed("The main change since the last inspection is the new canteen.", perfects.perfect_since) == []
    assert fixed("It is the highest number since the school started the race.", perfects.perfect_since) == []  # a superlative's "since"
    assert fixed("She is my best friend since we were six.", perfects.perfect_since) == ["She has been my best friend since we were six."]
    assert fixed("The number grows every year since 2010.", perfects.perfect_since) == ["The number has grown every year since 2010."]


def test_a_past_after_an_opening_since_and_a_point_in_time_is_the_present_perfect():
    since = perfects.perfect_after_an_opening_since
    assert fixed("Since 2019 the cost of the tickets went up twice.", since) == ["Since 2019 the cost of the tickets has gone up twice."]
    assert fixed("Since March, my neighbours complained three times.", since) == ["Since March, my neighbours have complained three times."]
    assert fixed("Since the storm, nobody repaired the roof.", since) == ["Since the storm, nobody has repaired the roof."]
    assert fixed("Since it rained, we stayed at home.", since) == []  # "since" of a reason
    assert fixed("Since the shop was closed, we went home.", since) == []  # a clause, not a point in time
    assert fixed("Since 2015 I lived in Rome until 2019.", since) == []  # the time ends before now
    assert fixed("Since 2015 the shop lost money, and in 2019 it closed.", since) == []  # a later year ends it
    assert fixed("Since then I have lived in Rome.", since) == []
    assert fixed("Since I was twelve, I visit this museum many times.", since) == [
        "Since I was twelve, I have visited this museum many times."]  # an age: a point in time, and a present
    assert fixed("Since last summer the shop sells fresh bread.", since) == ["Since last summer the shop has sold fresh bread."]
    assert fixed("Since I was ill, I stayed at home.", since) == []  # "since" of a reason
    assert tense.to_past(tokens("Yesterday we have finally got our electricity back!")) == []  # "have got": two words to change
    assert tense.to_past(tokens("Last night we lay on the sofa and watched a film.")) == []  # "lay": the past of "lie"
    assert tense.to_past(tokens("Last year the town cut the money for road repairs.")) == []  # "cut": the clause's past
    assert tense.decided_pasts(tokens("When we got there, the best seats for the show had gone.")) == []  # a noun
    assert tense.decided_pasts(tokens("When I opened the door there was nobody, can you believe it?")) == []  # to the reader
    assert tense.decided_pasts(tokens("Last year the council promise to build a pool.")) == [
        gate.Edit(8, 9, ("promised",))]  # "council" is no adjective


def test_a_present_main_clause_before_a_past_when_clause_is_the_past():
    assert fixed("Everybody laugh when the dog jumped into the pool.", story.present_before_when) == [
        "Everybody laughed when the dog jumped into the pool."]
    assert fixed("She knows when I lied to her.", story.present_before_when) == []  # a question's "when"
    assert fixed("I am happy when I see you.", story.present_before_when) == []


def test_a_past_spelled_like_another_verbs_base_is_no_present_of_a_story():
    assert fixed("Then I hear a noise and I realised it was the cat.", story.narrative_present) == [
        "Then I heard a noise and I realised it was the cat."]
    assert fixed("That night I lay in my new bed and listened to the sounds.", story.narrative_present) == []
    assert fixed("When I lay down, I heard a noise.", story.present_before_past) == []
    assert fixed("There are days when you can walk on the ice.", story.present_before_when) == []  # no past: no story
    assert fixed("There seem to be fewer birds here than when I was a child.", story.present_before_when) == []  # a comparison
    assert fixed("There is nobody at home when we got back.", story.present_before_when) == [
        "There was nobody at home when we got back."]
    assert fixed("He feels better after he took the medicine.", story.present_before_when) == []
    assert fixed("I love the story about what happened when your father met the Queen.", story.present_before_when) == []


def test_a_time_clause_after_a_past_main_clause_is_the_past():
    def both(sentence: str) -> list[str]:
        toks = tokens(sentence)
        return [gate.apply(sentence, story.present_after_a_past_main_clause(toks), frozenset({0, 1})).strip()]

    assert both("We walked for an hour before a woman stop her car and help us.") == [
        "We walked for an hour before a woman stopped her car and helped us."]
    assert fixed("I stayed at home until my parents come back.", story.present_after_a_past_main_clause) == [
        "I stayed at home until my parents came back."]
    assert fixed("The phone rang while I take a shower.", story.present_after_a_past_main_clause) == []  # "was taking"
    assert fixed("He told me that before you buy a ticket you check the date.", story.present_after_a_past_main_clause) == []
    assert fixed("I promised to call before I leave the house.", story.present_after_a_past_main_clause) == []  # "to"
    assert fixed("We left before the storm arrived.", story.present_after_a_past_main_clause) == []


def test_a_clause_after_so_and_a_past_progressive_is_the_past():
    assert fixed("The girls were talking so loudly that the teacher come over to us.", story.narrative_present) == [
        "The girls were talking so loudly that the teacher came over to us."]
    assert fixed("When the lights comes back on, we saw the damage.", story.present_before_past) == [
        "When the lights came back on, we saw the damage."]  # "lights" the noun, "comes" the verb
    assert fixed("When my father come home, the kitchen was full of smoke.", story.present_before_past) == [
        "When my father came home, the kitchen was full of smoke."]  # "come" is a verb only


def test_a_state_for_a_span_up_to_now_is_the_present_perfect():
    assert fixed("I know Marco for ten years.", perfects.perfect_for) == ["I have known Marco for ten years."]
    assert fixed("She is ill for two weeks now.", perfects.perfect_for) == ["She has been ill for two weeks now."]
    assert fixed("I stay here for two weeks.", perfects.perfect_for) == []  # a plan may follow "for"
    assert fixed("I was there for two weeks.", perfects.perfect_for) == []
    assert fixed("I know him for ten years ago.", perfects.perfect_for) == []
    assert fixed("I am working as a cook for two years now.", perfects.perfect_for) == ["I have been working as a cook for two years now."]
    assert fixed("We are learning English for six years.", perfects.perfect_for) == ["We have been learning English for six years."]
    assert fixed("They are married for more than twenty years now.", perfects.perfect_for) == [
        "They have been married for more than twenty years now."]
    assert fixed("I am staying in Rome for two years.", perfects.perfect_for) == []  # a plan
    assert fixed("She is studying in Paris for two months.", perfects.perfect_for) == []  # months without "now": a plan may be meant


def test_an_opening_in_the_past_and_there_before_a_past_when_clause():
    assert fixed("In the past people walk everywhere.", tense.decided_pasts) == ["In the past people walked everywhere."]
    assert fixed("In the past few years the town grows quickly.", tense.decided_pasts) == []  # up to now
    assert fixed("In the past people cook at home, but now they order food.", tense.decided_pasts) == [
        "In the past people cooked at home, but now they order food."]  # "now" is the next clause's
    assert fixed("Last year now I think differently.", tense.decided_pasts) == []
    # the verb after "and" that shares the subject of the phrase's past
    assert fixed("Last Sunday we walked to the lake and swim there.", tense.decided_pasts) == [
        "Last Sunday we walked to the lake and swam there."]
    assert fixed("Last year I joined a gym and like it a lot.", tense.decided_pasts) == []  # a state may go on
    assert fixed("Last year I joined a gym and now I go every day.", tense.decided_pasts) == []  # "now": its own time
    assert fixed("There is nobody in the house when we got back.", story.present_before_when) == [
        "There was nobody in the house when we got back."]
    # the "when" is another clause's, or its own clause is present ("tiered": a misspelt "tired" read as a past)
    assert fixed("There is no proof that people work harder when they are tiered.", story.present_before_when) == []
    assert fixed("There are some mistakes in the bill that I got when I left.", story.present_before_when) == []


def test_a_word_before_its_clauses_perfect_is_in_the_subject():
    assert fixed("When I returned after five years, the old market in the main square had disappeared.", tense.decided_pasts) == []
    assert fixed("By the time the ceremony started, the little ring bearer had disappeared.", tense.decided_pasts) == []
    assert fixed("Last year the school start a project that has helped many pupils.", tense.decided_pasts) == [
        "Last year the school started a project that has helped many pupils."]  # the perfect is the relative clause's


def test_already_after_a_past_when_clause_is_the_past_perfect():
    assert fixed("When I got to the station, the train already left.", perfects.already_perfect) == [
        "When I got to the station, the train had already left."]
    assert fixed("When I arrived, she already knew the news.", perfects.already_perfect) == []  # a state goes on
    assert fixed("The train already left.", perfects.already_perfect) == []  # no past clause before it
    assert fixed("By the time the police came, the thieves already escaped.", perfects.already_perfect) == [
        "By the time the police came, the thieves had already escaped."]
    assert fixed("By the time you read this, I already left.", perfects.already_perfect) == []  # no past in the clause


def test_a_perfect_before_that_and_a_noun_is_still_in_the_phrases_clause():
    toks = tokens("I have seen that film last week.")
    assert [gate.apply("I have seen that film last week.", [e], frozenset({0})) for e in tense.perfect_to_past(toks)] == [
        "I saw that film last week."]


def test_a_verb_the_tables_lack_takes_the_past_a_phrase_calls_for():
    assert fixed("Last month our college organises a survey.", tense.decided_pasts) == [
        "Last month our college organised a survey."]


@pytest.mark.parametrize("sentence, expected", [
    ("Then I hear a strange noise and I realised that someone was there.", "Then I heard a strange noise and I realised that someone was there."),
    ("Suddenly the door opens and a tall man walked in.", "Suddenly the door opened and a tall man walked in."),
    ("We were so hungry that we eat everything on the table.", "We were so hungry that we ate everything on the table."),
    ("Suddenly the birds fly away and the forest was silent.", "Suddenly the birds flew away and the forest was silent."),  # a plural noun, then its verb
    ("The next morning we catch the first train and arrived at noon.", "The next morning we caught the first train and arrived at noon."),
])
def test_a_storys_step_in_the_present_among_its_pasts_is_the_past(sentence, expected):
    assert fixed(sentence, story.narrative_present) == [expected]


@pytest.mark.parametrize("sentence", [
    "Then you turn left at the church.",  # directions: no past verb
    "Finally I think that the plan was good.",  # a verb that may speak of now
    "It was so cold that the lake freezes every winter.",  # a habit
    "The next day we go to the museum.",  # no past in the sentence: a plan may be meant
    "One day I want to live in Japan, because my mother was born there.",  # "one day" may be the future
])
def test_no_narrative_past_where_the_sentence_is_no_story(sentence):
    assert fixed(sentence, story.narrative_present) == []


def test_the_third_conditional_and_a_polite_request_with_a_past():
    assert fixed("If I had known about the delay, I would take an earlier train.") == [
        "If I had known about the delay, I would have taken an earlier train."]
    assert fixed("If I had studied harder, I would be a doctor now.") == []  # a mixed conditional
    assert fixed("If you had read my letter, you would know that the problem started in March.") == []
    assert fixed("If we had taken the earlier train, we would not have missed the wedding.") == []
    assert fixed("If I had known about the storm, I would never have gone out.") == []
    assert fixed("I would be grateful if you can sent me the dates.") == ["I would be grateful if you could send me the dates."]


def test_a_clause_of_future_time_takes_will_after_it():
    assert fixed("Next time you come, I would show you my new flat.") == ["Next time you come, I will show you my new flat."]
    assert fixed("As soon as I get the results, I would let you know.") == [
        "As soon as I get the results, I will let you know."]
    assert fixed("When I was young, I would play in the street.") == []  # a habit in the past
    assert fixed("If you come, I would be happy.") == []
    assert fixed("I would be grateful if you would reply soon.") == []


def test_no_frame_rule_fires_on_edited_english():
    """WordNet's usage examples (41,000 edited sentences): a rule that fires there would change correct English."""
    from miniserve.tutor.corpus.wordnet import examples

    fired = [s for s in examples() for t in [tokens(s)]
             if conditionals.edits(t) or tense.decided_pasts(t) or story.present_before_past(t)
             or perfects.perfect_since(t) or story.present_before_when(t) or perfects.perfect_for(t) or perfects.already_perfect(t)
             or story.narrative_present(t) or perfects.never_before_perfect(t) or story.present_after_a_past_main_clause(t)]
    assert fired == []


def test_the_storys_past_comes_before_the_subjects_number(tutor_folder):
    """The teacher's number would decide "come" -> "comes" alone; the story's past decides "came" instead."""
    tutor = Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=2.0, parser=link_grammar)
    sentence = "The girls were talking so loudly that the teacher come over to us."
    decided = [gate.apply(sentence, [e], frozenset({0})).strip() for e in tutor.plan(sentence, paragraph=False).turns[0].decided]
    assert decided == ["The girls were talking so loudly that the teacher came over to us."]


def test_a_frames_fix_is_shown_with_its_explanation_whatever_the_model_scores(tutor_folder):
    tutor = Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=2.0, parser=link_grammar)
    sentence = "I would be grateful if you can send me the programme."
    turn = tutor.plan(sentence, paragraph=False).turns[0]
    turn.decoded(tutor.prompt.completion_ids(sentence, NO_ERROR), "stop")
    while turn.review is None and turn.questions:
        turn.weigh(link_grammar.parse_all(turn.questions))
    fix = "I would be grateful if you could send me the programme."
    assert fix in turn.answers
    turn.scored([[-30.0] if answer != fix else [-45.0] for answer in turn.answers])  # 15 nats under the copy
    assert turn.review.corrected == fix
    assert turn.review.explanation == "In a polite request with 'would ... if', use 'could', not 'can'."


@pytest.mark.parametrize("sentence, expected", [
    ("If we don't recycle more, the landfills would grow every year.", "If we don't recycle more, the landfills will grow every year."),
    ("If it snows tonight, the school would close tomorrow.", "If it snows tonight, the school will close tomorrow."),
])
def test_a_real_condition_takes_will(sentence, expected):
    assert fixed(sentence, conditionals.will_after_a_real_condition) == [expected]


@pytest.mark.parametrize("sentence", [
    "If you need anything, I would be glad to help.",  # politeness
    "If that is really the case, it would explain the delay.",  # a hedge
    "If you don't mind, I would like to sit here.",
    "If I had a car, I would drive to work.",  # unreal
    "If the city builds a new stadium, there would be more traffic.",  # "would be": either may be meant
    "If you have enough helpers, I would still be glad to come another day.",  # "still" is no verb
    "If people read more carefully, fewer fake stories would spread.",  # "read" may be an unreal past
])
def test_no_will_where_would_may_be_meant(sentence):
    assert fixed(sentence, conditionals.will_after_a_real_condition) == []


def test_never_before_a_past_moment_is_the_past_perfect():
    assert fixed("She was nervous because she has never spoken in public before.", perfects.never_before_perfect) == \
        ["She was nervous because she had never spoken in public before."]
    assert fixed("I am nervous because I have never spoken in public before.", perfects.never_before_perfect) == []  # now
    assert fixed("He left early because he has never liked parties.", perfects.never_before_perfect) == []  # no "before"
