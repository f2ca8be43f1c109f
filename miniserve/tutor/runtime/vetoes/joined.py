"""Vetoes of number where "and" joins two subjects or two verbs ("Reading and writing are", "My brother
lives in Berlin and works", "My mum and dad want"), and where a subject pronoun decides ("they goes",
"has she")."""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime.agreement import ADVERBS, COLLECTIVE, _noun_forms, non_third, plural_subject, third
from miniserve.tutor.runtime.forms import FUNCTION_WORDS, aux_family, form_kinds, lemmas, norm
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.vetoes.number import TIME_NOUNS
from miniserve.tutor.runtime.vetoes.words import (NOUN_PHRASE_OPENERS, PREPOSITIONS, SUBJECT_PRONOUNS, UNREAL,
                                                  a_present_verb, clause_after, clause_before_any, is_question, made_plural,
                                                  made_singular, main_verb_only_past, one_word, only_a_verb,
                                                  own_clause, singular_noun, without_adverbs)


def shared_subject(toks: list[str], edit: Edit) -> bool:
    pair = one_word(toks, edit)
    if pair is None or aux_family(pair[0]) not in (None, "have", "be", "do"):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if not before or before[-1] != "and":
        return False
    first = next((norm(t) for t in toks if t[:1].isalpha()), "")
    number = SUBJECT_PRONOUNS.get(first)
    if number is None or any(t in (",", ";") for t in toks[:edit.start]):
        return False
    if first == "i":  # "I had just turned it off and was about to" -> "were"
        return pair in (("was", "were"), ("wasn't", "weren't"))
    agrees = third if number == "singular" else (lambda w: non_third(w) and not third(w))
    return first != "you" and agrees(pair[0]) and not agrees(pair[1])


def coordinated_subject(toks: list[str], edit: Edit) -> bool:
    """A plural verb made singular right after a subject of two -ing forms or plural nouns joined by
    "and" ("Reading and writing are skills" -> "is"), or of two gerund phrases ("Watching TV and playing
    games are")."""
    pair = one_word(toks, edit)
    if pair is None or not (non_third(pair[0]) and not third(pair[0])) or not third(pair[1]):
        return False
    clause = clause_before_any(toks, edit.start)
    if len(clause) < 3 or len(clause) > 9 or "and" not in clause:
        return False
    k = clause.index("and")
    if clause[0].endswith("ing") and clause[k + 1:k + 2] and clause[k + 1].endswith("ing") and "ing" in form_kinds(clause[0]):
        return True  # "Watching TV and playing computer games are": two gerund phrases
    if clause[0].endswith("ing") and "ing" in form_kinds(clause[0]) and k > 1:
        return False  # "Working with children and old people have": one gerund's phrase, singular
    first, second = clause[k - 1] if k else "", clause[-1]
    if len(clause) == 3 and k == 1 and all(any(_noun_forms(w)) and w not in FUNCTION_WORDS and not lemmas(w) for w in (first, second)):
        earlier = [norm(t) for t in toks[:edit.start] if t[:1].isalpha() or t == ","][:-3]
        listed = earlier[-1:] == [","] and len(earlier) >= 2 and any(_noun_forms(earlier[-2])) and not lemmas(earlier[-2])
        return not listed  # "flour and salt are": two bare nouns; not the end of a list ("on tickets, petrol and food were")
    return len(clause) <= 6 and bool(first) and all(w.endswith("ing") or plural_subject(w) for w in (first, second))


def verb_before_its_subject_pronoun(toks: list[str], edit: Edit) -> bool:
    """A question's auxiliary before "you", "we", "they" made singular ("what are you doing" -> "is")."""
    pair = one_word(toks, edit)
    after = next((norm(t) for t in toks[edit.end:] if t[:1].isalpha()), "")
    question = is_question(toks) or "?" in toks  # or a question quoted ('"Who are you taking?" she asked')
    return pair is not None and question and after in ("you", "we", "they") and pair[0] in (
        "are", "were", "do", "have", "don't", "aren't", "weren't", "haven't") and third(pair[1])


WRONG_AFTER = {"i": frozenset(("is", "are", "were", "has", "does", "isn't", "aren't", "weren't", "hasn't", "doesn't")),
               "he": frozenset(("am", "are", "were", "have", "do", "aren't", "weren't", "haven't", "don't")),
               "she": frozenset(("am", "are", "were", "have", "do", "aren't", "weren't", "haven't", "don't")),
               "it": frozenset(("am", "are", "were", "have", "do", "aren't", "weren't", "haven't", "don't"))}


def disagreeing_with_its_pronoun(toks: list[str], edit: Edit) -> bool:
    """An auxiliary right after "I", "he", "she", "it" made one that cannot follow it ("as I was leaving"
    -> "I were"); not in an unreal clause ("if I were", "I wish I were")."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if pair is None or not before or before[-1] not in WRONG_AFTER or pair[1] not in WRONG_AFTER[before[-1]]:
        return False
    if len(before) >= 2 and aux_family(before[-2]) is not None:
        return False  # "did she have": the pronoun is an inverted question's subject
    if before[-2:-1] == ["and"]:  # "My friends and I were" is right; "It was late and I was reading" is two clauses
        clause = clause_before_any(toks, edit.start)[:-2]
        if not clause:  # ", and I": the clause before the comma ("made a terrible noise, and I was sure")
            comma = max(i for i in range(edit.start) if toks[i] == ",") if "," in toks[:edit.start] else 0
            return any(aux_family(w) is not None or "past" in form_kinds(w) for w in clause_before_any(toks, comma))
        return any(aux_family(w) is not None or main_verb_only_past(w) for w in clause)
    return not UNREAL & set(before[-4:-1])


def singular_auxiliary_before_its_subject(toks: list[str], edit: Edit) -> bool:
    """A question's auxiliary before "he", "she", "it" or "this / that / each / every" and a noun made plural ("How many
    people has she employed?" -> "have", "How many credits is this student carrying?" -> "are")."""
    pair = one_word(toks, edit)
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:3]
    question = is_question(toks)
    if pair is None or not question or not third(pair[0]) or aux_family(pair[0]) not in ("be", "have", "do") or third(pair[1]) \
            or not after:
        return False
    return after[0] in ("he", "she", "it") or after[0] in ("this", "that", "each", "every") and len(after) > 1 and singular_noun(after[1]) \
        or after == ["the", "number", "of"]  # "Why has the number of visitors fallen?" -> "have"


QUESTION_ADVERBS = frozenset(("still", "really", "usually", "always", "often", "ever", "never", "also", "all", "both"))


PEOPLE_COLLECTIVES = frozenset(("staff", "team", "crew", "family", "audience", "public", "personnel", "faculty",
                                "band", "choir", "jury", "class"))


def auxiliary_number_before_a_collective(toks: list[str], edit: Edit) -> bool:
    """A question's auxiliary put in the other number before a collective noun, which takes either ("Do your
    staff receive any training?" -> "Does", "Has the team ..." -> "Have"): "your staff do" and "does" are both English."""
    pair = one_word(toks, edit)
    if pair is None or aux_family(pair[0]) not in ("be", "have", "do") or third(pair[0]) == third(pair[1]) \
            or not is_question(toks):
        return False
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:3]
    if after[:1] and after[0] in NOUN_PHRASE_OPENERS - {"a", "an", "this", "that"}:
        after = after[1:]
    # people a group names, whom British English counts ("your staff do"); not "company" or "government",
    # whose "do" the learners' sets count as an error, nor a modifier ("the family rooms")
    return bool(after) and after[0] in PEOPLE_COLLECTIVES and after[1:2] != ["of"] \
        and not (len(after) > 1 and any(_noun_forms(after[1])) and not lemmas(after[1]))


def plural_auxiliary_before_its_plural_subject(toks: list[str], edit: Edit) -> bool:
    """A question's opening "are", "were", "have", "do" before a noun phrase whose head is plural made
    singular ("Are the current opening hours convenient?" -> "Is"; "Is the price of the tickets" keeps
    its head, "price", before "of")."""
    pair = one_word(toks, edit)
    if pair is None or aux_family(pair[0]) not in ("be", "have", "do") or not non_third(pair[0]) or not third(pair[1]):
        return False
    written = [t for t in toks[:edit.start] if not t.isspace()]
    if len(written) >= 2 and norm(written[-2]) == "how" and written[-1][:1].isalpha():
        written = written[:-2]  # "But how safe are the new cycle lanes?"
    if written and norm(written[-1]) in ("but", "and", "so"):
        written = written[:-1]
    before = written[-1] if written else ""
    if before not in ("", ".", "!", "?", '"') or "?" not in "".join(toks[edit.end:]):
        return False
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    if not after or after[0] not in NOUN_PHRASE_OPENERS - {"a", "an", "this"}:
        return False
    head = None
    for w in after[1:6]:
        if w in PREPOSITIONS or aux_family(w) is not None or w in QUESTION_ADVERBS:
            break
        if not any(_noun_forms(w)):
            if head is not None:
                break  # the predicate after the subject ("convenient")
            continue  # an adjective before the head
        head = w
    return head is not None and plural_subject(head)


def singular_after_two_noun_phrases(toks: list[str], edit: Edit) -> bool:
    """A plural made singular after a subject of two noun phrases, each with its determiner, joined by
    "and" ("The sound of the waves and the smell of the sea were" -> "was"). Only where no verb comes
    between the clause's start and the edit."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    clause = without_adverbs(own_clause(toks, edit.start))
    if "and" not in clause or len(clause) > 14 or not clause or clause[0] not in NOUN_PHRASE_OPENERS:
        return False
    k = clause.index("and")
    second = clause[k + 1:]
    if not second or second[0] not in NOUN_PHRASE_OPENERS or k < 2:
        return False
    first_head = clause[k - 1] if clause[k - 2] not in PREPOSITIONS else ""
    return not any(aux_family(w) not in (None, "to") or a_present_verb(w) and not any(_noun_forms(w))
                   or main_verb_only_past(w) and "ADJ" not in lemminflect.getAllLemmas(w)  # "red" is no past of "read"
                   for w in clause) \
        and bool(first_head or "of" in clause[:k] or clause[2:3] and clause[2] in PREPOSITIONS and any(_noun_forms(clause[1])))
    # ("The trip to Oxford and the visit to the castle were": a noun and its phrase, then another)


def singular_after_two_noun_phrases_with_relatives(toks: list[str], edit: Edit) -> bool:
    """A plural made singular after two noun phrases joined by "and", each with its determiner and either
    with a relative clause ("The tour guide who met us at the airport and the driver who took us to the hotel
    were" -> "was"): every verb before the edit is a relative clause's, right after its "who", "that", "which"."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    clause = without_adverbs(clause_before_any(toks, edit.start))
    if len(clause) > 24 or not clause or clause[0] not in NOUN_PHRASE_OPENERS - {"a", "an"} or "and" not in clause:
        return False
    k = clause.index("and")
    if clause[k + 1:k + 2] == [] or clause[k + 1] not in NOUN_PHRASE_OPENERS - {"a", "an"} or k < 3:
        return False
    verbs = [n for n, w in enumerate(clause) if aux_family(w) not in (None, "to") or main_verb_only_past(w)
             or a_present_verb(w) and not any(_noun_forms(w))]
    return bool(verbs) and all(n > 0 and clause[n - 1] in ("who", "that", "which") for n in verbs) \
        and any(clause[n - 1] in ("who", "that", "which") and n < k for n in verbs)


def plural_after_each_and_each(toks: list[str], edit: Edit) -> bool:
    """"Each boy and each girl in the class has" or "Every student and teacher receives" made "have",
    "receive": "each" or "every" before two joined nouns keeps the singular (not "Every day children and")."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    clause = own_clause(toks, edit.start)
    k = clause.index("and") if "and" in clause else -1
    if k < 2 or clause[0] not in ("each", "every") or clause[1] in TIME_NOUNS:
        return False
    return clause[k + 1:k + 2] in (["each"], ["every"]) or k == 2 and len(clause) > 3 and singular_noun(clause[1]) and singular_noun(clause[3])


# two nouns that name one dish, game or thing: "Fish and chips is my favourite food"
ONE_THING = frozenset((("fish", "chips"), ("bread", "butter"), ("rock", "roll"), ("bed", "breakfast"), ("gin", "tonic"),
                       ("macaroni", "cheese"), ("mac", "cheese"), ("rice", "beans"), ("trial", "error"), ("law", "order"),
                       ("peace", "quiet"), ("wear", "tear"), ("health", "safety"), ("research", "development"),
                       ("snakes", "ladders"), ("pie", "mash"), ("bangers", "mash"), ("strawberries", "cream")))


def plural_after_one_thing(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after a pair of nouns that names one thing ("Fish and chips is" -> "are")."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    clause = own_clause(toks, edit.start)
    return len(clause) >= 3 and clause[-2] == "and" and (clause[-3], clause[-1]) in ONE_THING and clause[-4:-3] != ["both"]


def second_of_two_verbs(toks: list[str], edit: Edit) -> bool:
    """A third-person verb right after "and" made plural where its clause opens with a subject and a
    third-person verb ("My brother lives in Berlin and works for" -> "work"): the two share the subject."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair) or aux_family(pair[0]) is not None:
        return False
    clause = clause_before_any(toks, edit.start)
    if clause[-1:] != ["and"] or "and" in clause[:-1] or len(clause) < 4:
        return False
    # the subject: "he", "she", "it", or a determiner and at most two words; then its verb
    k = 1 if clause[0] in ("he", "she", "it") else next(
        (k for k in (2, 3) if clause[0] in NOUN_PHRASE_OPENERS and k < len(clause) - 1 and third(clause[k])
         and lemmas(clause[k]) and singular_noun(clause[k - 1])), None)
    return k is not None and third(clause[k]) and bool(lemmas(clause[k]))


RELATIVE_WORDS = frozenset(("who", "which", "that", "wich", "whitch"))  # (as learners spell it too)


def second_verb_of_a_relative(toks: list[str], edit: Edit) -> bool:
    """A third-person verb right after "and" made plural where "who", "which" or "that" and a third-person
    verb come before it ("somebody who listens to them and makes them laugh" -> "make", "everyone who lives
    or works in the centre" -> "work"): both verbs are the relative word's; and so after "and which" ("the noise wich comes from the flat and which has made" -> "have"),
    and for "has" as a verb of its own ("a sixteen-year-old who finishes work at midnight and has a test") and "does
    not" ("a souvenir that fits in a suitcase and does not break" -> "do")."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    clause = clause_before_any(toks, edit.start)
    repeated = clause[-2:-1] in (["and"], ["or"]) and clause[-1] in RELATIVE_WORDS  # the relative word said again
    if repeated:
        clause = clause[:-1]
    auxiliary = aux_family(pair[0]) is not None and not (aux_family(pair[0]) == "have" and _owns_an_object(toks, edit.end)) \
        and not _a_negation_of_do(toks, edit)
    if clause[-1:] not in (["and"], ["or"]) or auxiliary and not repeated:
        return False
    r = max((k for k, w in enumerate(clause[:-2]) if w in RELATIVE_WORDS), default=None)
    return r is not None and third(clause[r + 1]) and bool(lemmas(clause[r + 1])) and not {"and", "or"} & set(clause[r + 1:-1])



def _a_negation_of_do(toks: list[str], edit: Edit) -> bool:
    """Is the edited word "does" before "not", or "doesn't", a negated verb of its own ("a souvenir that fits in a
    suitcase and does not break")?"""
    word = norm("".join(toks[edit.start:edit.end]))
    after = next((norm(t) for t in toks[edit.end:] if t[:1].isalpha()), "")
    return word in ("doesn't", "does") and (word == "doesn't" or after == "not")

# "be" and "have" ("and do sport" after "can organise" may be another subject's verb)
PLURAL_AUXILIARIES = frozenset(("are", "were", "have", "aren't", "weren't", "haven't"))
SINGULAR_AUXILIARIES = frozenset(("is", "was", "has", "isn't", "wasn't", "hasn't"))


def relative_verb_against_its_second_verb(toks: list[str], edit: Edit) -> bool:
    """A relative word's verb put in the other number where the relative's second verb, after "and", keeps the
    first ("The streets around the old cathedral, which are very narrow and were built for horses" -> "which
    is"): both verbs are the one relative word's, whose antecedent the second verb shows."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if not before or before[-1] not in RELATIVE_WORDS:
        return False
    rest = clause_after(toks, edit.end)
    second = next((rest[k + 1] for k, w in enumerate(rest[:-1]) if w == "and"), "")
    kept = PLURAL_AUXILIARIES if made_singular(pair) else SINGULAR_AUXILIARIES
    return second in kept


def _owns_an_object(toks: list[str], end: int) -> bool:
    """Is "has" / "have" ending at `end` a verb of its own, an object after it ("has a test"), not a perfect's
    auxiliary ("has lived")?"""
    after = next((norm(t) for t in toks[end:] if t[:1].isalpha()), "")
    return bool(after) and not {"participle", "past"} & form_kinds(after)


def plural_after_and_with_a_singular_subject(toks: list[str], edit: Edit) -> bool:
    """A third-person verb right after "and" made plural where the sentence opens with a singular subject
    and its verb ("Your brochure promised a coach, a guide and visits" -> "visit"): a verb there shares that
    subject (a third person or a past), a noun keeps its number."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair) or aux_family(pair[0]) not in (None, "have", "be", "do"):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if before[-1:] != ["and"]:
        return False
    # a collective the writer made singular stays so ("Your company took my money ... and has not answered")
    k = 1 if before[0] in ("he", "she", "it") else next(
        (k for k in (2, 3) if before[0] in NOUN_PHRASE_OPENERS - {"a", "an"} and k < len(before) - 1
         and singular_noun(before[k - 1]) and (before[k - 1] not in COLLECTIVE or aux_family(pair[0]) is not None)
         and not plural_subject(before[k - 1])), None)
    if k is None or not {"third", "past"} & form_kinds(before[k]) or not lemmas(before[k]) and not only_a_verb(before[k]):
        return False
    return not any(w in ("i", "you", "we", "they") for w in before[k:-1])


# people who are two when joined ("My mum and dad want"; not "the manager and owner", who may be one)
RELATIVES_AND_FRIENDS = frozenset(("mum", "dad", "mother", "father", "mom", "brother", "sister", "wife", "husband", "son",
                                   "daughter", "grandmother", "grandfather", "grandma", "grandpa", "granny", "uncle",
                                   "aunt", "cousin", "friend", "boyfriend", "girlfriend", "nephew", "niece"))


def singular_after_two_people(toks: list[str], edit: Edit) -> bool:
    """A verb made singular right after two different relatives or friends joined by "and" ("My mum and
    dad want" -> "wants"), or a pronoun and one of them ("so me and my little sister were" -> "was")."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    clause = without_adverbs(own_clause(toks, edit.start))
    if "and" not in clause[1:-1] or len(clause) > 6:
        return False
    k = clause.index("and")
    first, second = clause[k - 1], clause[-1]
    return (first in RELATIVES_AND_FRIENDS or first in JOINED_PRONOUNS) and second in RELATIVES_AND_FRIENDS and first != second


JOINED_PRONOUNS = frozenset(("i", "me", "you", "he", "him", "she", "her", "we", "us"))  # ("me and my sister": a learner's subject)


def base_in_a_list_of_third_person_verbs(toks: list[str], edit: Edit) -> bool:
    """A third-person verb right after a comma made plural where third-person verbs come both before it (within
    five words) and after a later "and" ("my dad makes coffee, reads the newspaper and goes" -> "read"): the verbs of
    one list share their subject."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair) or aux_family(pair[0]) is not None:
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    if before[-1:] != [","]:
        return False
    earlier = [w for w in before[-7:-1] if w[:1].isalpha()]
    later = [w for w in after[after.index("and") + 1:] if w not in ADVERBS][:1] if "and" in after[:8] else []  # "and still finds"
    return any(third(w) and lemmas(w) for w in earlier) and any(third(w) and lemmas(w) for w in later)


def ing_for_a_second_finite_verb(toks: list[str], edit: Edit) -> bool:
    """A present right after "or" / "and" made an -ing form where its clause opens with a subject and a finite
    verb of the same form and no -ing form comes between ("most of them have small children or start work
    early" -> "starting"): the two verbs share the subject. ("I enjoy reading and write" stays a learner's error:
    "reading" is the form the second verb follows.)"""
    pair = one_word(toks, edit)
    if pair is None or not pair[1].endswith("ing") or not {"base", "third"} & form_kinds(pair[0]) \
            or aux_family(pair[0]) is not None:
        return False
    clause = clause_before_any(toks, edit.start)
    if clause[-1:] not in (["or"], ["and"]) or len(clause) < 3:
        return False
    between = clause[:-1]
    if any(w.endswith("ing") and "ing" in form_kinds(w) for w in between):
        return False
    same = "third" if "third" in form_kinds(pair[0]) else "base"
    return any(k and (between[k - 1] in {*SUBJECT_PRONOUNS, "them", "us", "people"} or singular_noun(between[k - 1])
                      or plural_subject(between[k - 1]))
               and same in form_kinds(w) and (lemmas(w) and aux_family(w) in (None, "have", "do")) for k, w in enumerate(between))


JOINED_ADVERBS = frozenset(("then", "also", "still", "often", "usually", "sometimes", "always", "never", "later",
                            "finally", "just", "now", "soon", "rarely", "seldom", "hardly", "even", "really", "only"))


def number_against_the_first_verb(toks: list[str], edit: Edit) -> bool:
    """A verb right after "and" (or "and then", "and also", "but rarely", "or") that shares the subject of the verb
    before it, put in the other number ("students study late and then find it hard" -> "finds", "Young people
    spend hours watching cooking shows but rarely cook" -> "cooks"): the two verbs of one
    subject agree, and the first is left as written. The first verb: the nearest plain present verb before
    "and" in the same clause."""
    pair = one_word(toks, edit)
    if pair is None or aux_family(pair[0]) is not None or not {"base", "third"} & form_kinds(pair[0]) \
            or not {"base", "third"} & form_kinds(pair[1]) or third(pair[0]) == third(pair[1]):
        return False
    words = [(k, norm(t)) for k, t in enumerate(toks[:edit.start]) if not t.isspace()]
    while words and words[-1][1] in JOINED_ADVERBS:
        words.pop()
    if not words or words[-1][1] not in ("and", "but", "or"):
        return False
    from miniserve.tutor.runtime import quantifiers  # here: quantifiers reads subjects, which reads these vetoes' words

    for (_, previous), (k, w) in zip(reversed(words[-10:-2]), reversed(words[-9:-1])):
        if w in (",", ";", ":", ".", "that", "who", "which", "because", "when", "if"):
            return False
        if {"base", "third"} & form_kinds(w) and "past" not in form_kinds(w) and aux_family(w) is None and bool(lemmas(w)) \
                and previous not in FIRST_VERB_NEVER_AFTER and "ADJ" not in lemminflect.getAllLemmas(previous):
            # the first verb as its subject wants it ("a third of students study"), so the second follows it
            return third(w) == third(pair[0]) and quantifiers.number_before(toks, k) == ("singular" if third(w) else "plural")
    return False


# a word after which the verb-like word is a noun's or an infinitive's ("with shaking hands", "go to work")
FIRST_VERB_NEVER_AFTER = frozenset(("to", "the", "a", "an", "my", "your", "his", "her", "its", "our", "their", "this",
                                    "that", "these", "those", "of", "in", "on", "at", "by", "with", "for", "from", "some",
                                    "any", "no", "every", "each"))


LIST_BREAKS = frozenset((",", "and", "but", "or"))
CLAUSE_STARTS = frozenset((";", ":", ".", "!", "?", "that", "who", "which", "because", "when", "if", "while", "although",
                           "where", "so", "as", "since", "until", "before", "after"))


def number_against_its_list(toks: list[str], edit: Edit) -> bool:
    """A present verb in a list of its subject's verbs put in the other number ("I get up at seven, go to lectures
    and then work" -> "works", "My sister's baby laughs, cries and then laughs again" -> "laugh", "The government
    talks a lot but does very little" -> "do"): each earlier part of the list opens with a present verb of the
    edited verb's number, and the first part is a subject whose number that verb agrees with (a pronoun, a noun
    of one number, a collective, which takes either, or a name), so the verb as written agrees with it too."""
    pair = one_word(toks, edit)
    if pair is None or aux_family(pair[0]) not in (None, "do", "have") or third(pair[0]) == third(pair[1]) \
            or not all((third(w) or non_third(w)) and "past" not in form_kinds(w) for w in pair):
        return False
    number = third(pair[0])
    written = [t for t in toks[:edit.start] if not t.isspace()]
    words = [norm(t) for t in written]
    while words and words[-1] in JOINED_ADVERBS:
        words.pop()
    if not words or words[-1] not in LIST_BREAKS:
        return False
    start = max((k for k, w in enumerate(words) if w in CLAUSE_STARTS), default=-1) + 1
    parts, part = [], []
    for w in words[start:-1]:
        if w in LIST_BREAKS:
            parts.append(part)
            part = []
        else:
            part.append(w)
    parts.append(part)
    first, rest = parts[0], parts[1:]

    def opens_with_the_verb(words_: list[str]) -> bool:
        words_ = [w for w in words_ if w not in JOINED_ADVERBS]
        return bool(words_) and _present_of(words_[0], number)

    if not rest and words[-1] == ",":
        return False  # one part and a comma: an aside, not a list ("The bus, which ...")
    if not all(opens_with_the_verb(p) for p in rest):
        return False
    # the first part: a subject, then its verb in that number
    j = next((j for j, w in enumerate(first) if j and _present_of(w, number) and first[j - 1] not in FIRST_VERB_NEVER_AFTER
              and lemminflect.getAllLemmas(first[j - 1]).keys() & {"ADJ", "NOUN"} != {"ADJ"}), None)  # "new promises": a noun
    if j is None or j > 4 or any(aux_family(w) is not None or main_verb_only_past(w) for w in first[:j] + first[j + 1:]):
        return False  # ("Mobile phones has changed our lives and makes": "phones" is no verb)
    head, capital = first[j - 1], written[start + j - 1][:1].isupper()
    if head in SUBJECT_PRONOUNS:
        return (SUBJECT_PRONOUNS[head] == "singular") == number and head != "you" or head == "you" and not number
    if head in COLLECTIVE:
        return True
    if singular_noun(head) and not plural_subject(head):
        return number
    if plural_subject(head):
        return not number
    return capital and j == 1 and not lemminflect.getAllLemmas(head) and number  # a name ("Anna cooks, cleans")


def _present_of(word: str, number: bool) -> bool:
    """A present verb (no auxiliary) of that number: third person when `number`, else the base form."""
    return aux_family(word) is None and bool(lemmas(word)) and "past" not in form_kinds(word) and (
        third(word) if number else "base" in form_kinds(word) and not third(word))


def plural_for_a_verb_sharing_an_opening_singular_subject(toks: list[str], edit: Edit) -> bool:
    """A third-person verb right after "and" or "but" made plural, where the sentence opens with a determiner and a
    singular noun whose own verb, right after it, is third person ("My mum is very tired after so many nights
    without sleep but looks happier than ever" -> "look"), or a past ("My cousin started English at five, went to a
    bilingual school and now speaks it" -> "speak", with commas only before the subject's other pasts): the verbs
    share that subject. Not where a clause of its own or another subject could come between."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    while before and before[-1] in JOINED_ADVERBS:
        before.pop()
    if len(before) < 4 or before[-1] not in ("and", "but"):
        return False
    a_past = "past" in form_kinds(before[2]) and not {"base", "third"} & form_kinds(before[2]) and aux_family(before[2]) is None \
        and not any(_noun_forms(before[2]))  # "My cousin started English at five, went to ... and now speaks"
    if before[0] not in NOUN_PHRASE_OPENERS or not singular_noun(before[1]) or before[1] in COLLECTIVE \
            or not (third(before[2]) or a_past or before[2] in ("is", "was", "has", "does", "isn't", "wasn't", "hasn't", "doesn't")):
        return False
    middle = before[3:-1]
    return not any(w in (";", ":", "that", "who", "which", "because", "when", "if", "while", "and", "but")
                   or w in SUBJECT_PRONOUNS or w == "," and not (a_past and _a_past_verb_at(middle, k + 1))
                   for k, w in enumerate(middle))


def _a_past_verb_at(words: list[str], k: int) -> bool:
    """Is the word at k a past verb that is no noun (a list of the subject's pasts: ", went to")?"""
    return k < len(words) and "past" in form_kinds(words[k]) and not {"base", "third"} & form_kinds(words[k]) \
        and aux_family(words[k]) is None and not any(_noun_forms(words[k]))


BE_BEFORE_TO = frozenset(("is", "was", "are", "were", "be", "been", "'s"))


def third_for_an_infinitive_after_be_to(toks: list[str], edit: Edit) -> bool:
    """A base verb right after "and" made third-person where the verb before it, in the same clause, is the
    infinitive after "is to" / "was to" ("The aim of this report is to present the results and make some
    recommendations" -> "makes"): "and" joins the two infinitives, so the second keeps the base form too."""
    pair = one_word(toks, edit)
    if pair is None or not third(pair[1]) or third(pair[0]) or "base" not in form_kinds(pair[0]):
        return False
    words = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    while words and words[-1] in JOINED_ADVERBS:
        words.pop()
    if not words or words[-1] not in ("and", "or"):
        return False
    for k in range(len(words) - 2, max(len(words) - 16, 1), -1):
        w = words[k]
        if w in CLAUSE_STARTS or w in ("and", "but", "or"):
            return False
        if words[k - 1] == "to" and "VERB" in lemminflect.getAllLemmas(w) and w in lemminflect.getAllLemmas(w)["VERB"]:
            return k >= 2 and words[k - 2] in BE_BEFORE_TO
        if aux_family(w) is not None or only_a_verb(w):
            return False
    return False


def plural_do_before_a_singular_subject_and_its_third_person_verb(toks: list[str], edit: Edit) -> bool:
    """A question's "Does" made "Do" before a determiner, a singular noun and a third-person verb ("Does your company
    offers any training" -> "Do your company offers"): "does" agrees with the noun, and the verb after it is the slip
    ("offer")."""
    pair = one_word(toks, edit)
    if pair is None or (pair[0], pair[1]) not in (("does", "do"), ("doesn't", "don't")):
        return False
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:3]
    return len(after) == 3 and after[0] in NOUN_PHRASE_OPENERS and singular_noun(after[1]) and third(after[2]) \
        and bool(lemmas(after[2]))
