"""Vetoes of number: a verb made to agree with the wrong word of its subject (a nearer noun, a name, an
amount, a people, a collective, a head's phrase, "there is a ... and"); those where "and" joins
subjects or verbs, and those of a pronoun, are in `joined.py`."""

from __future__ import annotations

import itertools

import lemminflect

from miniserve.tutor.runtime import pairs
from miniserve.tutor.runtime.agreement import ADVERBS, AGE_WORDS, COLLECTIVE, RELATIVE, _noun_forms, non_third, plural_subject, third
from miniserve.tutor.runtime.forms import FUNCTION_WORDS, aux_family, form_kinds, lemmas, norm
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.verbs import valences
from miniserve.tutor.runtime.vetoes.words import (BOTH_NUMBERS, CLAUSE_OPENERS, PLURAL_ONLY, clause_after_its_join, NOUN_PHRASE_OPENERS, PREPOSITIONS,
                                                  SUBJECT_PRONOUNS, THE_ADJECTIVE_PEOPLE, a_present_verb,
                                                  clause_before_any, made_plural, made_singular, one_word, s_added_or_taken,
                                                  only_a_verb, own_clause, singular_noun, without_adverbs)


def plural_progressive_after_which(toks: list[str], edit: Edit) -> bool:
    """", which are closing" made "which is closing": a progressive after "which" is the plural noun's."""
    pair = one_word(toks, edit)
    before = [t for t in toks[:edit.start] if not t.isspace()]
    after = next((norm(t) for t in toks[edit.end:] if t[:1].isalpha()), "")
    return pair in (("are", "is"), ("were", "was")) and before[-2:] == [",", "which"] and after.endswith("ing")


def plural_after_a_sentential_which(toks: list[str], edit: Edit) -> bool:
    """", which was much more than" made "which were": after a comma "which" may stand for the whole
    clause before it ("three lessons a week, which was more than in most schools"), and that is singular."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if before[-2:] == ["of", "course"]:
        before = before[:-2]  # ", which of course is"
    elif len(before) >= 3 and before[-1] in ADVERBS | {"unfortunately", "fortunately", "sadly", "luckily"}:
        before = before[:-1]  # ", which unfortunately is"
    return pair in (("is", "are"), ("was", "were"), ("has", "have")) and before[-2:] == [",", "which"] \
        or pair in (("means", "mean"), ("meant", "mean")) and before[-2:] == [",", "which"]  # ", which means that'


def plural_after_there_is_a(toks: list[str], edit: Edit) -> bool:
    """"There is a desk and two chairs", "there was music and dancing", "there is almost nothing", "There is also
    problem with" made "There are", "were" (also past a short parenthesis: "There is, of course, more noise and
    pollution"): the verb agrees with the first noun after it."""
    pair = one_word(toks, edit)
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    if after[:2] == ["to", "be"] and pair in (("appears", "appear"), ("seems", "seem")):
        after, pair = after[2:], ("is", "are")  # "There appears to be some confusion": "be" takes the noun's number
    if after[:1] == ["been"] and pair in (("has", "have"), ("hasn't", "haven't")):
        after, pair = after[1:], ("is", "are")  # "there has been no hot water"
    rest = [t for t in toks[edit.end:] if not t.isspace()]
    close = next((k for k in range(1, min(len(rest), 7)) if rest[k] == ","), None) if rest[:1] == [","] else None
    if close is not None and close > 1 and all(t[:1].isalpha() for t in rest[1:close]):
        after = after[close - 1:]  # "There is, of course, more noise and pollution": the parenthesis is no subject
    while after and after[0] in ("always", "usually", "often", "sometimes", "still", "also", "only", "just", "now", "even",
                                 "almost", "nearly", "hardly", "practically", "absolutely", "really", "probably", "not",
                                 "enough", "some", "any", "more", "less", "too", "very"):
        after = after[1:]  # "there is always a long queue", "there is almost nothing", "There is not enough information"
    if after[:3] == ["a", "lot", "of"] and after[3:4] and after[3] in UNCOUNTABLE:
        after = after[3:]  # "there was a lot of noise"
    elif after[:3] == ["a", "lot", "of"] and after[3:4] and not after[3].endswith("s") and not plural_subject(after[3]) \
            and not lemminflect.getAllLemmas(after[3]):
        after = ["one"]  # "There is a lot of reserch": a word no dictionary knows, with no -s, is one thing
    if after[:2] in (["plenty", "of"], ["lots", "of"]) and after[2:3] and after[2] in UNCOUNTABLE:
        after = after[2:]  # "there was plenty of information"
    if after[:1] and after[0] in MASS_NOUNS and not (after[1:2] and after[1] not in PREPOSITIONS and any(_noun_forms(after[1]))):
        after = ["one"]  # an uncountable noun: "there is not enough information", "there is some confusion"
    if after[:1] and after[0] in ("nothing", "something", "anything", "everything", "nobody", "somebody", "anybody",
                                  "everybody", "little", "much", "somewhere", "anywhere", "nowhere", "someone", "anyone",
                                  "no one", "everyone"):
        after = ["one"]  # a singular pronoun or an amount: "there is almost nothing to eat"
    described = next((k for k, w in enumerate(after) if "ADJ" not in lemminflect.getAllLemmas(w)), len(after))
    counted = any(w in NUMBER_WORDS or w.isdigit() for w in after[:described + 1])  # "There is two squash courts"
    compound = after[described + 1:described + 2] != [] and after[described + 1].endswith("s") \
        and _noun_forms(after[described + 1])[1] and any(_noun_forms(after[described]))  # "two squash courts": a compound
    if 0 < described < len(after) and _a_singular_or_unknown(after[described]) and not counted and not compound:
        after = ["one"]  # adjectives, then a noun of one thing: "There is free wifi in all rooms"
    compound_plural = len(after) > 2 and after[1] not in PREPOSITIONS and after[2].endswith("s") \
        and _noun_forms(after[2])[1]  # "no traffic lights"; not "more crime in cities"
    third = after[2] if len(after) > 2 else ""
    after = after[:2]
    no_single = after[:1] == ["no"] and len(after) > 1 and not after[1].endswith("s") and not compound_plural \
        and not (after[1] == "other" and plural_subject(third))  # "there is no wardrobe"; not "no other people"
    the_single = after[:1] in (["the"], ["our"], ["my"], ["your"], ["his"], ["her"], ["their"]) and len(after) > 1 \
        and singular_noun(after[1])  # "There remains the question", "there was our guide"
    # "there was music and dancing": a bare noun of one thing, then "and"
    bare_single = after[1:2] == ["and"] and not after[0].endswith("s") and _noun_forms(after[0])[0] \
        and not plural_subject(after[0])
    # "There was cream on the bride's shoes": a bare noun of one thing, then where it was
    bare_placed = after[1:2] != [] and after[1] in PREPOSITIONS and not after[0].endswith("s") \
        and _noun_forms(after[0])[0] and not plural_subject(after[0]) and after[0] not in BOTH_NUMBERS | BARE_COLLECTIVES
    # "There is also problem with": a count noun's singular with its article left out
    # ("There is lack of clubs": a singular head before "of", a verb too or not, where no amount is meant)
    head_of_a_phrase = after[1:2] == ["of"] and _noun_forms(after[0])[0] and not after[0].endswith("s") and after[0] not in AMOUNT_HEADS
    article_left_out = head_of_a_phrase or after[:1] != [] and singular_noun(after[0]) and set(lemminflect.getAllLemmas(after[0])) == {"NOUN"} \
        and not plural_subject(after[0]) and after[0] not in NUMBER_WORDS and not compound_plural \
        and not (after[1:2] and _noun_forms(after[1]) == (False, True))  # not "There is cycle paths": a compound
    # "The people there is": "there" after a determiner and its noun says where, and is no subject
    placed = len(before) >= 3 and before[-3] in NOUN_PHRASE_OPENERS and (plural_subject(before[-2]) or singular_noun(before[-2])) \
        and not (len(before) >= 4 and before[-4] in PREPOSITIONS)  # not "At the door there was our guide"
    return pair in (("is", "are"), ("was", "were"), ("remains", "remain"), ("exists", "exist")) and before[-1:] == ["there"] \
        and not placed and (no_single or the_single or bare_single or bare_placed or article_left_out or after[:1] in (["a"], ["an"], ["one"])) \
        and after[1:] not in (["lot"], ["number"], ["couple"], ["few"], ["great"], ["bunch"], ["lots"])  # "There is a lot of things" -> "are" is right


# heads whose "of" phrase counts things ("There are a number of", "a couple of"): their number is the phrase's
AMOUNT_HEADS = frozenset(("lot", "number", "couple", "bunch", "few", "majority", "minority", "variety", "range", "group",
                          "dozen", "hundred", "thousand", "million", "pair", "set", "series", "total", "kind", "sort", "type",
                          "plenty", "handful", "load", "crowd", "host", "mass", "ton"))


# uncountable nouns a learner writes after "there is": never plural
UNCOUNTABLE = frozenset(("information", "advice", "furniture", "equipment", "luggage", "baggage", "confusion",
                                 "traffic", "homework", "research", "knowledge", "evidence", "accommodation", "space",
                                 "money", "time", "noise", "pollution", "rubbish", "litter", "parking", "progress", "news"))


def _after_a_joined_clause(clause: list[str]) -> list[str]:
    """The words after the last "and" / "but" that joins two clauses, not two nouns: the word before it
    is a past or a participle, or an adverb ("the doors had closed and the train" -> "the train"; not
    "my mother and the dog")."""
    joins = [k for k, w in enumerate(clause) if w in ("and", "but") and (
             k == 0 or form_kinds(clause[k - 1]) & {"past", "participle"} or clause[k - 1] in ADVERBS
             or any(only_a_verb(v) or aux_family(v) not in (None, "to") for v in clause[1:k])
             or k >= 2 and clause[k - 1] in ("it", "them", "him", "me", "us") and third(clause[k - 2]))]
    # ("cars enter the city and the air", "it did not work and the staff", "someone answers it and the magic")
    return clause[joins[-1] + 1:] if joins else clause


LIKE_A_QUANTITY = frozenset(("lot", "number", "few", "couple", "group", "variety", "range", "majority", "minority",
                             "total", "bunch", "pair", "series", "team", "crowd", "family", "set", "handful", "third",
                             "half", "quarter", "percentage", "proportion", "selection", "mixture", "collection"))
HEADS_OF_A_PART = LIKE_A_QUANTITY | {"rest", "kind", "sort", "type", "part", "remainder", "bulk", "amount"}


def _before_its_phrase(phrase: list[str]) -> list[str]:
    """The noun phrase without the prepositional phrase that follows its head ("the money from visits
    and tours" -> "the money"): a preposition right after a noun, then at most five words, none a verb.
    Not after a word that names a part or a quantity ("the rest of the students", "a lot of people")."""
    k = next((k for k, w in enumerate(phrase) if k >= 2 and w in PREPOSITIONS), None)
    if k is None or k > 4 or len(phrase) - k > 6 or phrase[k - 1] in HEADS_OF_A_PART \
            or any(aux_family(w) is not None or only_a_verb(w) or w in ("who", "which", "that", "whom") for w in phrase[k:]) \
            or any(w == "and" and nxt in NOUN_PHRASE_OPENERS for w, nxt in zip(phrase[k:], phrase[k + 1:])):
        return phrase  # (nor before "and her sister": maybe a second subject, "A friend of mine and her sister are")
    return phrase[:k]


SAYING_OR_THINKING = frozenset(("think", "thinks", "thought", "believe", "believes", "believed", "say", "says", "said",
                                "feel", "feels", "felt", "hope", "hopes", "agree", "agrees"))  # ("know history": an object)


def plural_after_a_singular_noun_phrase(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after the noun phrase that opens its clause, whose head is a singular
    noun ("believe that the new sports centre is" -> "are"): the phrase is the verb's subject. The phrase
    is a determiner, at most three adjectives or nouns and the head, right after the sentence's start, a
    comma or a clause's opening word ("that", "if", "because" ...), so "My brother and his girlfriend is"
    and "The sessions in the afternoon was" are not; nor is a collective noun ("the team are" is British usage)."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    clause = own_clause(toks, edit.start)
    if len(clause) >= 3 and clause[-2] in SAYING_OR_THINKING and clause[-3] not in RELATIVE \
            and (singular_noun(clause[-1]) or clause[-1] in UNCOUNTABLE) \
            and not lemmas(clause[-1]) and clause[-1] not in COLLECTIVE:
        return True  # a bare noun opening a clause with no "that" ("Most students think history is boring")
    phrase = _after_a_joined_clause(clause)
    if len(phrase) == 1 and own_clause(toks, edit.start) != clause_before_any(toks, edit.start):
        # a bare noun that opens a clause after "that", "because" ... ("say that technology moves"): a singular
        # one that is no verb is the subject ("Sport helps" stays "helps")
        return (singular_noun(phrase[0]) or phrase[0] in UNCOUNTABLE | {"music", "weather", "software"}) \
            and not lemmas(phrase[0]) and phrase[0] not in COLLECTIVE
    phrase = _after_an_opening_phrase(phrase)
    first = next((norm(t) for t in toks if t[:1].isalpha()), "")
    if len(phrase) >= 3 and phrase[0] == first and not first.endswith("ing") and phrase[0] not in NOUN_PHRASE_OPENERS \
            and phrase[1] in PREPOSITIONS - {"of"} \
            and "NOUN" in lemminflect.getAllLemmas(phrase[0]) and phrase[0] not in COLLECTIVE | FUNCTION_WORDS \
            and (singular_noun(phrase[0]) or phrase[0] in UNCOUNTABLE) and not third(phrase[0]) \
            and _before_its_phrase(["the"] + phrase) == ["the", phrase[0]]:
        return True  # a bare noun and its phrase: "Trust between parents and children is" -> "are"
    if phrase[:1] and phrase[0] in NOUN_PHRASE_OPENERS:
        phrase = _before_its_phrase(phrase)  # "the money from visits and tours": "money" is the head
    while len(phrase) > 2 and phrase[-1] in FREQUENCY_ADVERBS:
        phrase = phrase[:-1]  # "My grandparents still lives": "still" is no head
    if not 2 <= len(phrase) <= 5 or phrase[0] not in NOUN_PHRASE_OPENERS:
        return False
    head, middle = phrase[-1], phrase[1:-1]
    return (singular_noun(head) or _a_misspelt_singular(head)) and head not in COLLECTIVE and not third(head) \
        and all(w not in FUNCTION_WORDS and w not in PREPOSITIONS and not aux_family(w) for w in middle)


OPENING_PREPOSITIONS = frozenset(("in", "on", "at", "for", "during", "after", "before"))


def _after_an_opening_phrase(phrase: list[str]) -> list[str]:
    """The words after a prepositional phrase that opens the clause with no comma ("In most cases a uniform",
    "At the weekend my brother"): a determiner right after the phrase's noun opens the subject."""
    if len(phrase) < 4 or phrase[0] not in OPENING_PREPOSITIONS:
        return phrase
    k = next((k for k in range(len(phrase) - 2, 1, -1) if phrase[k] in NOUN_PHRASE_OPENERS), None)
    if k is None or phrase[k - 1] in FUNCTION_WORDS or not (singular_noun(phrase[k - 1]) or plural_subject(phrase[k - 1])):
        return phrase
    return phrase[k:]


FREQUENCY_ADVERBS = frozenset(("still", "always", "never", "often", "usually", "also", "really", "just", "only", "already",
                               "sometimes", "rarely", "now"))
# words after which a clause may open without "that" ("I am sure your shop knows"); not verbs of perceiving
# or causing, whose object takes a bare infinitive ("I heard the bell ring")
THAT_LEFT_OUT = frozenset(("sure", "certain", "convinced", "afraid", "think", "thought", "believe", "believed", "hope",
                           "hoped", "know", "knew", "say", "says", "said", "suppose", "guess", "realise", "realised",
                           "realize", "realized", "agree", "agreed", "worried"))


def plural_after_a_singular_noun_phrase_after_sure(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after a determiner and a singular noun that open a clause without "that"
    ("I am sure your shop knows about them" -> "know", "I think the council has" -> "have"): the phrase is
    the verb's subject, as after "that" (plural_after_a_singular_noun_phrase)."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    clause = own_clause(toks, edit.start)
    k = max((k for k, w in enumerate(clause) if w in THAT_LEFT_OUT), default=None)
    if k is None:
        return False
    phrase = clause[k + 1:]
    while len(phrase) > 2 and phrase[-1] in FREQUENCY_ADVERBS:
        phrase = phrase[:-1]
    if not 2 <= len(phrase) <= 4 or phrase[0] not in NOUN_PHRASE_OPENERS:
        return False
    head, middle = phrase[-1], phrase[1:-1]
    return singular_noun(head) and head not in COLLECTIVE and not third(head) \
        and all(w not in FUNCTION_WORDS and w not in PREPOSITIONS and not aux_family(w) for w in middle)


def _a_misspelt_singular(word: str) -> bool:
    """A word no dictionary knows, not ending in -s, and not like "children" or "people" ("the enviroment", "the
    goverment"): a learner's spelling of a singular noun."""
    return len(word) >= 5 and word.isalpha() and not word.endswith("s") and not lemminflect.getAllLemmas(word) \
        and not any(part in word for part in ("chil", "peo", "poe", "pep"))


PLURAL_PHRASE_OPENERS = frozenset(("the", "my", "your", "his", "her", "our", "their", "these", "those", "some", "many",
                                   "most", "all", "such", "which", "what"))  # "Which sports are the most popular?"


PLURAL_LEADS = frozenset(("many", "several", "few", "any", "some", "enough", "more", "lots", "lot", "these", "those"))
NUMBER_WORDS = frozenset(("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                          "fifteen", "twenty", "thirty", "forty", "fifty", "hundred", "thousand", "million", "several",
                          "few"))  # "Ten euros is enough": an amount


def singular_after_a_plural_noun_phrase(toks: list[str], edit: Edit) -> bool:
    """A verb made third person singular right after the noun phrase that opens its clause, whose head
    is a plural noun ("First of all, mobile phones are" -> "is"): the mirror of the rule above. The
    phrase is adjectives or nouns before the head, with at most a determiner first, at least two words."""
    from miniserve.tutor.runtime import subjects  # (subjects reads this package's word lists)

    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair) or subjects.gerund_subject(toks, edit.start):
        return False  # "Learning foreign languages open": the gerund is the head, not "languages"
    phrase = _after_a_joined_clause(own_clause(toks, edit.start))  # "the gates had opened and the queus were"
    if phrase[-2:-1] != [] and phrase[-2] in ("so", "and", "but", "because", "when", "if", "as", "while") \
            and plural_subject(phrase[-1]) and phrase[-1].endswith("s") and not lemmas(phrase[-1]):
        return True  # a bare plural after a joining word: "so cities need" -> "needs"
    if len(phrase) == 1 and phrase[0].endswith("s") and not phrase[0].endswith(("ss", "us", "is")) and len(phrase[0]) > 3 \
            and not lemminflect.getAllLemmas(phrase[0]) and not lemminflect.getAllLemmas(phrase[0][:-1]) \
            and toks[edit.start - 2:edit.start - 1] != [] and not toks[edit.start - 2][:1].isupper() \
            and next((t for t in reversed(toks[:edit.start - 2]) if not t.isspace()), ",") == ",":
        return True  # a plural the dictionary lacks, alone after a comma before its verb: "In conclusion, apps are"
    opened = bool(phrase[:1]) and phrase[0] in PLURAL_PHRASE_OPENERS
    if opened:
        phrase = phrase[1:]
    while len(phrase) > 1 and (phrase[-1] in FREQUENCY_ADVERBS or phrase[-1].endswith("ly") and not any(_noun_forms(phrase[-1]))
                               and "ADV" in lemminflect.getAllLemmas(phrase[-1])):
        phrase = phrase[:-1]  # "the shelves quickly become": "quickly" is no head
    # a short place phrase after the head ("Printing costs in our university are"): the head is before it
    where = next((k for k, w in enumerate(phrase) if w in PREPOSITIONS - {"of"}), None)
    if where is not None and 2 <= where <= 3 and len(phrase) - where <= 4 \
            and not any(aux_family(w) is not None or only_a_verb(w) for w in phrase[where:]):
        phrase = phrase[:where]
    if not (1 if opened else 2) <= len(phrase) <= 4 or any(c.isdigit() for w in phrase for c in w):
        return False  # ("the queus were": a determiner and the noun)
    head, middle = phrase[-1], phrase[:-1]
    written = [t for t in toks[:edit.start] if t[:1].isalpha()]
    if any(t[:1].isupper() for t in written[-len(phrase):]) and len(written) > len(phrase):
        return False  # a name ("The United States is")
    singular, plural = _noun_forms(head)
    if not singular and not plural and head.endswith("s") and not head.endswith("ss") and not lemminflect.getAllLemmas(head):
        # a word the dictionary lacks ("apps", "smartphones"): a plural noun if its singular is one, or unknown too
        singular, plural = False, _noun_forms(head[:-1])[0] or not lemminflect.getAllLemmas(head[:-1])
    if singular and plural and head.endswith("s") and _noun_forms(head[:-1])[0] and head not in SINGULAR_IN_S \
            and not phrase[0].endswith("ing"):
        singular = False  # "games": its singular "game" is a noun too (not after "Playing computer": a gerund's object)
    return plural and not singular and head.endswith("s") and not (middle and third(middle[-1])) \
        and all(w not in FUNCTION_WORDS and w not in PREPOSITIONS and w not in NUMBER_WORDS and not aux_family(w)
                and w not in SUBJECT_PRONOUNS for w in middle)


TIME_LEADS = frozenset(("every", "each", "this", "that", "next", "last", "one"))
TIME_NOUNS = frozenset(("day", "week", "month", "year", "morning", "afternoon", "evening", "night", "weekend",
                        "summer", "winter", "spring", "autumn", "time", "semester", "term"))


def singular_after_a_time_phrase(toks: list[str], edit: Edit) -> bool:
    """A verb made third person right after a time phrase inside its clause ("People who use the internet
    every day often forget" -> "forgets"): "every day" there is no subject. A time phrase that opens its
    clause may be one ("Every day brings something new"), and a clause whose first noun is singular may
    want the singular ("The course that I attended last month were" -> "was"), so those are left alone."""
    pair = one_word(toks, edit)
    if pair is None or not third(pair[1]) or third(pair[0]):
        return False
    clause = without_adverbs(clause_before_any(toks, edit.start))
    if clause[:1] and clause[0].endswith("ing") and "ing" in form_kinds(clause[0]):
        return False  # "Collecting the bins every day take" -> "takes": a gerund's phrase is singular
    head = next((w for w in clause if w not in NOUN_PHRASE_OPENERS and any(_noun_forms(w))), "")
    if singular_noun(head):
        return False  # "The English course that I attended last month were" -> "was" is the fix
    return len(clause) >= 3 and clause[-1] in TIME_NOUNS and clause[-2] in TIME_LEADS \
        and clause[-3] not in CLAUSE_OPENERS | {"and", "but", "or", "so"}


INDEFINITES = frozenset(("nobody", "everybody", "everyone", "somebody", "someone", "anybody", "anyone", "no-one", "each"))


def plural_after_an_indefinite_pronoun(toks: list[str], edit: Edit) -> bool:
    """The first present verb after a clause-opening "nobody", "everyone", "someone" ... made plural
    ("Nobody in the groups I spoke to thinks" -> "think"): the pronoun is its subject, whatever the
    nouns and the past of a clause between say."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    clause = own_clause(toks, edit.start)
    if clause[:1] in (["no"],) and clause[1:2] == ["one"]:
        clause = ["nobody"] + clause[2:]
    return bool(clause) and clause[0] in INDEFINITES and "and" not in clause and "or" not in clause and not any(
        aux_family(w) not in (None, "to") and w not in ("was", "were", "had", "did") or a_present_verb(w) for w in clause[1:])


NATIONALITIES = frozenset(("chinese", "japanese", "french", "english", "dutch", "swiss", "british", "irish", "welsh",
                           "spanish", "vietnamese", "portuguese", "danish", "scottish", "lebanese", "sudanese"))


def singular_for_a_people(toks: list[str], edit: Edit) -> bool:
    """"The Chinese are", "the French try" made singular: the people, plural."""
    pair = one_word(toks, edit)
    if pair is None or not third(pair[1]) or third(pair[0]):
        return False
    clause = without_adverbs(clause_before_any(toks, edit.start))
    return 1 <= len(clause) <= 2 and clause[-1] in NATIONALITIES and clause[:-1] in ([], ["the"])


def plural_after_a_name(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after a name that opens its clause ("Socrates was" -> "were"): only a word
    the dictionary does not list, so "There is", "What does", "Americans are" are left alone."""
    pair = one_word(toks, edit)
    if pair is None or not third(pair[0]) or third(pair[1]) or not non_third(pair[1]):
        return False
    written = [t for t in toks[:edit.start] if t[:1].isalpha() or t in (",", ";", ":")]
    clause = written[len(written) - next((k for k, t in enumerate(reversed(written)) if not t[:1].isalpha()), len(written)):]
    if _a_name_after_a_join(clause):
        return True
    if len(clause) != 1 or not clause[0][:1].isupper():
        return False
    name = norm(clause[0])
    # a name: a word no dictionary lists ("Socrates", "Pythagoras"), not "There", "What", "Americans"
    return not lemminflect.getAllLemmas(name) and not lemminflect.getAllLemmas(name[:-1]) and name not in FUNCTION_WORDS \
        and name not in NATIONALITIES and not name.endswith(("ans", "ese", "ers"))


def _a_name_after_a_join(clause: list[str]) -> bool:
    """Do the clause's words end in a name (capitalised, not its first word, no -s) right after "and", "but",
    "when", "because" ... that follows a clause with its own verb, adverbs aside ("The play starts in ten minutes
    and Tom still isn't here"; not "my father and Karabas go", "Tom and Anna were")?"""
    words = list(clause)
    while words and norm(words[-1]) in ADVERBS:
        words.pop()
    if len(words) < 4 or not words[-1][:1].isupper() or words[-1] == "I" or not words[-1].isalpha() \
            or words[-1].endswith("s") or words[-3][:1].isupper() \
            or norm(words[-2]) not in ("and", "but", "so", "when", "because", "while", "although", "if"):
        return False
    return any(aux_family(norm(w)) is not None or third(norm(w)) and lemmas(norm(w)) for w in words[1:-2])


def singular_for_the_adjective_people(toks: list[str], edit: Edit) -> bool:
    """"The elderly often need" made "needs": "the" and an adjective for a group of people is plural."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    clause = without_adverbs(own_clause(toks, edit.start))
    return clause[-2:-1] == ["the"] and clause[-1] in THE_ADJECTIVE_PEOPLE


UNITS = frozenset(("kilometres", "kilometers", "km", "miles", "metres", "meters", "years", "months", "weeks", "days",
                   "hours", "minutes", "seconds", "euros", "pounds", "dollars", "pence", "cents", "kilos", "kilograms",
                   "litres", "liters", "percent", "degrees", "pages", "steps"))


def plural_for_an_amount(toks: list[str], edit: Edit) -> bool:
    """"Ten kilometres is a long distance", "Fifty euros is too much", "Three hours of homework is too much", "Two
    hours a day in social media is too much" made "are": an amount is one quantity, also with what it measures after
    "of" or where it is spent after "in", "on", "at", "with"; with a rate ("a day") also what it measures in the
    plural ("Two hours of cartoons a day is more than enough")."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] not in ("is", "was", "isn't", "wasn't", "seems", "seemed") or not made_plural(pair):
        return False
    written = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    clause = written[len(written) - next((k for k, t in enumerate(reversed(written)) if t in (",", ";", ":")), len(written)):]
    if clause and clause[0] in CLAUSE_OPENERS | {"and", "but", "so"}:
        clause = clause[1:]
    where = next((k for k in range(len(clause) - 2, max(len(clause) - 5, 1), -1) if clause[k] in ("in", "on", "at", "with")), None)
    if where is not None and all(w.isalpha() and aux_family(w) is None for w in clause[where + 1:]):
        clause = clause[:where]  # "Two hours a day in social media is too much": what the time is spent on
    rate = len(clause) >= 4 and clause[-2] in ("a", "an", "per", "each") and clause[-1] in ("day", "week", "month", "year", "person",
                                                                                          "night", "hour")
    if rate:
        clause = clause[:-2]  # "Two hours a day is the maximum"
    if len(clause) >= 4 and clause[-2] == "of" and clause[-3] in UNITS and clause[-1].isalpha() and (rate or not plural_subject(clause[-1])):
        clause = clause[:-2]  # "Three hours of homework is", "Two hours of cartoons a day is"; not "Two hours of lessons are"
    return len(clause) >= 2 and clause[-1] in UNITS and (clause[-2] in NUMBER_WORDS or clause[-2].replace(",", "").isdigit()) \
        and len(clause) <= 4


THERE_FILLERS = frozenset(("not", "enough", "many", "much", "so", "too", "several", "few", "a", "lot", "lots", "of", "more", "no",
                           "some", "any", "always", "also", "still", "only", "just", "really", "quite", "very", "hardly"))


def singular_after_who_of_a_plural_or_a_person(toks: list[str], edit: Edit) -> bool:
    """A verb made third person singular right after "who" (an adverb between or not) whose noun is a plural or
    "me", "us", "you" ("for students like me, who have to work" -> "has"): "who" takes its noun's number."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    relative, noun = _noun_before_a_relative(toks, edit.start)
    return relative == "who" and noun in ("me", "us", "you", "them") or plural_subject(noun) and noun not in COLLECTIVE


def number_of_there_and_none(toks: list[str], edit: Edit) -> bool:
    """"there are none" / "there is none" with its verb's number changed: "none" takes either, and so does
    "any" with no noun after it ("Bring your own sleeping bag, because there aren't any in the campsite")."""
    pair = one_word(toks, edit)
    if pair is None or not {pair[0], pair[1]} <= {"is", "are", "was", "were", "isn't", "aren't", "wasn't", "weren't"}:
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    if before[-1:] != ["there"]:
        return after[:2] == ["there", "none"]
    any_alone = after[:1] == ["any"] and (len(after) == 1 or after[1] in PREPOSITIONS | {"left", "here", "now", "today", "yet"})
    return after[:1] == ["none"] or any_alone


# collectives that stand bare for people, with either number ("there were no staff", "there was no staff")
BARE_COLLECTIVES = frozenset(("staff", "personnel", "crew", "management", "media"))


def number_of_there_before_a_bare_collective(toks: list[str], edit: Edit) -> bool:
    """"there were no staff to ask" made "there was" (or the other way): a bare "staff", "crew" takes either
    number, and so does a noun of both numbers ("There were sheep everywhere"); not after "a" ("there were a crew"
    -> "was" stays possible)."""
    pair = one_word(toks, edit)
    if pair is None or not {pair[0], pair[1]} <= {"is", "are", "was", "were", "isn't", "aren't", "wasn't", "weren't"}:
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    after = [norm(t) for t in toks[_past_a_parenthesis(toks, edit.end):] if t[:1].isalpha()]  # "there are, according to ..., not enough staff"
    if before[-1:] != ["there"]:
        return False
    k = next((k for k, w in enumerate(after) if w not in THERE_FILLERS), len(after))
    head = next((w for w in after[k:k + 2] if w in BARE_COLLECTIVES | BOTH_NUMBERS), "")  # "no security staff", "sheep"
    return bool(head) and not {"a", "an"} & set(after[:after.index(head)])


def _a_singular_or_unknown(word: str) -> bool:
    """A singular noun, an uncountable one, or a word no dictionary knows that does not end in -s ("wifi")."""
    return not word.endswith("s") and (singular_noun(word) or word in UNCOUNTABLE or not lemminflect.getAllLemmas(word)) \
        and not plural_subject(word)


def _past_a_parenthesis(toks: list[str], i: int) -> int:
    """Where the words after i go on past a parenthesis of at most four words between commas that opens there
    ("there are, in my opinion, far too many visitors"), or of at most ten where it opens "according to" ("there
    were, according to most of the students we interviewed, far too many"); i itself where there is none."""
    written = [k for k in range(i, len(toks)) if not toks[k].isspace()]
    if not written or toks[written[0]] != ",":
        return i
    longest = 10 if len(written) > 2 and norm(toks[written[1]]) == "according" else 4
    close = next((n for n, k in enumerate(written[1:longest + 2], 1) if toks[k] == ","), None)
    if close is None or not all(toks[k][:1].isalpha() for k in written[1:close]):
        return i
    return written[close] + 1


def singular_before_a_plural_after_there(toks: list[str], edit: Edit) -> bool:
    """"there are not enough buses", "Are there any cheaper places" made "there is", "Is there": the noun
    after it is plural (quantifiers and adverbs between it and the verb skipped)."""
    pair = one_word(toks, edit)
    if pair not in (("are", "is"), ("were", "was"), ("aren't", "isn't"), ("weren't", "wasn't")):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    after = [norm(t) for t in toks[_past_a_parenthesis(toks, edit.end):] if t[:1].isalnum()]  # "about 4,000 books"
    if after[:1] == ["there"] and (not before or before[-1] in ("or", "and", "but", "so")):
        after = after[1:]  # a question: "Are there any cheaper places"
    elif before[-1:] != ["there"]:
        return False
    if after[:3] in (["going", "to", "be"], ["about", "to", "be"]):
        after = after[3:]  # "there were going to be twelve talks"
    noun = next((w for k, w in enumerate(after) if w not in THERE_FILLERS and not w.isdigit() and w not in NUMBER_WORDS
                 and not set(lemminflect.getAllLemmas(w)) == {"ADV"}  # past "simply", "certainly"
                 and set(lemminflect.getAllLemmas(w)) - {"ADV"} != {"ADJ"}  # past "nice", "old", "big"
                 and not (w in lemminflect.getAllLemmas(w, upos="ADJ").get("ADJ", ()) and k + 1 < len(after)
                          and any(_noun_forms(after[k + 1])))  # past an adjective before its noun ("old photos")
                 and not (w.endswith("ing") and any(_noun_forms(after[k + 1]) if k + 1 < len(after) else ()))), "")
    # (and past an -ing form before its noun: "there were washing machines")
    unknown_plural = noun.endswith("s") and not noun.endswith("ss") and not lemminflect.getAllLemmas(noun)  # "tavernas"
    # after a number or "many", "any" ... a plural noun is one, even one that may be a verb ("twelve talks",
    # "any cheaper places")
    counted = bool(noun) and any(w.isdigit() or w in NUMBER_WORDS or w in PLURAL_LEADS for w in after[:after.index(noun)]) \
        and _noun_forms(noun)[1] and noun.endswith("s") and noun not in SINGULAR_IN_S
    # a number of two or more says the learner meant the plural, whatever the noun's slip ("there are only two small
    # car park"): "there is two" is wrong either way
    numbered = bool(noun) and any(w in NUMBER_WORDS or w.isdecimal() and int(w) > 1 for w in after[:after.index(noun)])
    # after "so much" / "so many" a noun in -s whose singular is a noun ("so much things": the writer's slip is "much")
    much_of_a_plural = bool(noun) and "much" in after[:after.index(noun)] and noun.endswith("s") \
        and noun not in SINGULAR_IN_S and _noun_forms(noun[:-1])[0]
    return bool(noun) and (plural_subject(noun) or unknown_plural or counted or numbered or much_of_a_plural
                           or noun in ("them", "us"))  # "enough of them"


JOINED_NOUN_LEADS = frozenset(("a", "an", "one", "the", "my", "your", "his", "her", "our", "their", "its", "this", "another"))


def singular_after_there_and_joined_nouns(toks: list[str], edit: Edit) -> bool:
    """"There were a lift, a cleaning cupboard and a staff toilet on my corridor" made "There was": nouns joined by
    "and" after "there" are a plural subject, and the plural is right (the singular, agreeing with the first noun,
    is right too: `plural_after_there_is_a`). Only a list of noun phrases to the clause's end, no verb after the
    "and" ("There were a party and we danced" -> "was" is a fix)."""
    pair = one_word(toks, edit)
    if pair not in (("are", "is"), ("were", "was"), ("have", "has")):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = [norm(t) for t in toks[edit.end:] if not t.isspace()]
    if before[-1:] != ["there"]:
        return False
    if pair == ("have", "has"):
        if after[:1] != ["been"]:
            return False
        after = after[1:]
    end = next((k for k, w in enumerate(after) if w in (".", "!", "?", ";", ":")), len(after))
    words = after[:end]
    if words[:1] not in (["a"], ["an"], ["one"]):
        return False
    joins = [k for k, w in enumerate(words) if w == "and"]
    return bool(joins) and all(k + 1 < len(words) and words[k + 1] in JOINED_NOUN_LEADS for k in joins) \
        and all(w[:1].isalpha() or w in (",", "-", "'") for w in words) \
        and not any(aux_family(w) is not None or only_a_verb(w) and words[k - 1] not in JOINED_NOUN_LEADS  # "a cleaning cupboard"
                    or w in RELATIVE or w in SUBJECT_PRONOUNS for k, w in enumerate(words))


def number_after_a_collective(toks: list[str], edit: Edit) -> bool:
    """A verb's number changed right after a collective noun with its determiner ("the reception staff
    were" -> "was", "my family live" -> "lives"): British English takes either."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)):
        return False
    clause = without_adverbs(_after_a_joined_clause(own_clause(toks, edit.start)))
    if clause[-1:] in (["either"], ["both"]):
        clause = without_adverbs(clause[:-1])  # "Staff either walk or cycle"
    if len(clause) == 1:
        return clause[0] in COLLECTIVE  # a bare collective: "Staff walk", "Management have decided"
    # the collective is the subject, not a phrase's noun ("Everyone in my family send" -> "sends")
    if 2 <= len(clause) <= 4 and clause[-1] in COLLECTIVE and clause[0] in NOUN_PHRASE_OPENERS - {"a", "an"} \
            and not PREPOSITIONS & set(clause):
        return True
    # or a bare collective after adjectives ("Make sure that new staff are trained"; not "Money management are")
    if 2 <= len(clause) <= 3 and clause[-1] in COLLECTIVE and not PREPOSITIONS & set(clause) \
            and all("ADJ" in lemminflect.getAllLemmas(w) and w not in FUNCTION_WORDS and not lemmas(w)
                    for w in clause[:-1]):
        return True
    # or the collective with a place phrase after it ("The staff at the swimming pool in Green Street are"; not
    # "The majority of the students", whose "of" names what is counted)
    head = next((k for k in (1, 2) if k + 1 < len(clause) and clause[k] in COLLECTIVE), None)
    return head is not None and clause[0] in NOUN_PHRASE_OPENERS - {"a", "an"} and clause[head + 1] in PREPOSITIONS - {"of"} \
        and not any(only_a_verb(w) or aux_family(w) is not None or w in ("who", "that", "which") for w in clause[head + 1:])


SENTENCE_OPENERS = frozenset(("secondly", "firstly", "first", "finally", "moreover", "however", "also", "besides",
                              "furthermore", "thirdly", "lastly", "then", "so", "and", "but", "unfortunately",
                              "luckily", "sadly", "personally", "nowadays", "today", "additionally", "in", "my",
                              "opinion", "fact", "of", "course", "conclusion", "addition", "short", "general"))


def _subject_words(toks: list[str], i: int) -> list[str]:
    """The words from the sentence's subject's start to the token at i: from the start, or after an
    opener and its comma ("Secondly, ...", "In my opinion, ...")."""
    words: list[str] = []
    for t in toks[:i]:
        if t == "," and words and all(w in SENTENCE_OPENERS for w in words):
            words = []
        elif t[:1].isalpha():
            words.append(norm(t))
    return words


def plural_after_a_singular_subject(toks: list[str], edit: Edit) -> bool:
    """A verb made plural whose subject opens the sentence with a singular head before a list: a gerund
    with its object ("Recycling the paper, the glass and the plastic is" -> "are") or "a" / "every" and a
    noun with a phrase ("A meal with fish, salad and drinks costs" -> "cost"). No verb between them."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    words = _subject_words(toks, edit.start)
    verb = next((k for k, w in enumerate(words) if k and (aux_family(w) is not None or only_a_verb(w))), None)
    if verb is not None:  # "... is easy and does not": the second of two verbs sharing the subject
        if words[-1] != "and" or any(aux_family(w) is not None or only_a_verb(w) for w in words[verb + 1:-1]):
            return False
        words = words[:verb]
    if len(words) < 3:
        return False
    gerund = words[0].endswith("ing") and "ing" in form_kinds(words[0]) and (words[1] in NOUN_PHRASE_OPENERS
                                                                          or words[1] in PREPOSITIONS and words[2] in NOUN_PHRASE_OPENERS)
    if gerund or _gerund_and_bare_object(words):
        return True
    if words[0] not in ("a", "an", "every", "each"):
        return False
    head = 1 + next((k for k, w in enumerate(words[1:3]) if singular_noun(w) and w not in LIKE_A_QUANTITY), 9)
    return head < len(words) - 1 and words[head + 1] in PREPOSITIONS - {"of"} and words[1] not in LIKE_A_QUANTITY


def _gerund_and_bare_object(words: list[str]) -> bool:
    """"Buying things from other countries": the -ing form of a verb that needs an object, then a bare
    noun and a phrase. Only such a verb: with one that may take none, the two words may be a compound
    noun ("Changing rooms", "Eating habits", "Washing machines") whose verb is plural."""
    first, second = words[0], words[1]
    if not first.endswith("ing") or "ADJ" in lemminflect.getAllLemmas(first) or second in FUNCTION_WORDS:
        return False  # "Missing children": an adjective
    verbs = [lemma for lemma in lemmas(first) if lemminflect.getInflection(lemma, "VBG")[:1] == (first,)]
    return len(verbs) == 1 and valences().get(verbs[0]) == "T" and any(_noun_forms(second))


def plural_after_a_named_apposition(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after a name between commas ("The manager and owner of the hotel, Mr
    Davies, was" -> "were"): the subject is the one person the name names."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    written = [t for t in toks[:edit.start] if not t.isspace()]
    if written[-1:] != [","]:
        return False
    name = list(itertools.takewhile(lambda t: t != ",", reversed(written[:-1])))
    return 1 <= len(name) <= 4 and len(name) < len(written) - 1 and all(t[:1].isupper() or t == "." for t in name)


# nouns in -s that take a singular verb ("The news spreads", "Physics was")
SINGULAR_IN_S = frozenset(("news", "physics", "mathematics", "maths", "economics", "athletics", "gymnastics",
                           "linguistics", "genetics", "measles", "electronics", "aerobics", "politics"))
def plural_after_a_singular_in_s(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after "the news", "physics", "maths" ... ("The news spreads" -> "spread")."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    clause = without_adverbs(own_clause(toks, edit.start))
    return bool(clause) and clause[-1] in SINGULAR_IN_S and len(clause) <= 3


# determiners that fix the number of a noun that has one form for both ("this series", "these species")
NUMBER_DETERMINERS = frozenset(("a", "an", "this", "that", "these", "those", "each", "every", "one", "two", "three",
                                "many", "several", "few", "both", "another"))


def number_of_a_noun_of_both_numbers(toks: list[str], edit: Edit) -> bool:
    """A verb's number changed after a subject whose noun has one form for both numbers and nothing else
    to fix it ("My favourite series at the moment is" -> "are", "Our means of transport are" -> "is"):
    the writer's verb says which they meant."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)):
        return False
    clause = without_adverbs(own_clause(toks, edit.start))
    k = next((k for k, w in enumerate(clause[:4]) if w in BOTH_NUMBERS), None)
    if k is None or any(w in NUMBER_DETERMINERS or w.isdigit() for w in clause[:k]):
        return False
    rest = clause[k + 1:]
    return not rest or (rest[0] in PREPOSITIONS and not any(w in RELATIVE or only_a_verb(w) for w in rest))


def number_after_the_best_of_them(toks: list[str], edit: Edit) -> bool:
    """A verb's number changed right after "the best of them", "the oldest of us": one or several are
    meant, and the writer's verb says which ("the best of them become famous" -> "becomes")."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)):
        return False
    clause = without_adverbs(clause_after_its_join(toks, edit.start))
    return len(clause) == 4 and clause[0] == "the" and (clause[1] in ("best", "worst", "most", "least")
                                                        or clause[1].endswith("est")) \
        and clause[2] == "of" and clause[3] in ("them", "us", "you", "these", "those")


def number_after_who_of_a_collective(toks: list[str], edit: Edit) -> bool:
    """A verb's number changed right after "who" or "which" that follow a collective noun ("The band, who
    were on stage" -> "who was"): British English takes either."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)):
        return False
    relative, noun = _noun_before_a_relative(toks, edit.start)
    return bool(relative) and noun in COLLECTIVE


def _noun_before_a_relative(toks: list[str], i: int) -> tuple[str, str]:
    """The relative word right before the token at i, adverbs between or not ("the staff, who now have"), and the
    word before it, a comma between or not: ("who", "staff"); ("", "") where no relative comes right before."""
    before = [norm(t) for t in toks[:i] if not t.isspace()]
    while len(before) > 1 and before[-1] in ADVERBS | {"now", "then"}:
        before.pop()
    if before[-1:] not in (["who"], ["which"], ["that"]):
        return "", ""
    noun = before[-3] if before[-2:-1] == [","] and len(before) >= 3 else before[-2] if len(before) >= 2 else ""
    return before[-1], noun


def number_after_a_bare_share(toks: list[str], edit: Edit) -> bool:
    """A verb's number changed right after a share with no noun of its own ("only 30 percent are
    satisfied", "the rest think") -> "is", "thinks"): it counts the people or things named before, and
    the writer's verb says which."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)):
        return False
    clause = without_adverbs(clause_after_its_join(toks, edit.start))
    written = [t for t in toks[:edit.start] if not t.isspace()]
    return clause[-1:] in (["percent"], ["cent"]) or written[-1:] == ["%"] or clause[-2:] == ["the", "rest"]


PLURAL_SHARES = (["a", "lot", "of"], ["lots", "of"], ["plenty", "of"], ["many", "of"], ["most", "of"], ["some", "of"],
                 ["all", "of"], ["both", "of"], ["several", "of"], ["a", "few", "of"])


SHARE_NOUNS = frozenset(("proportion", "percentage", "majority", "minority", "number", "quarter", "third", "fraction"))


def singular_after_a_share_of_a_plural(toks: list[str], edit: Edit) -> bool:
    """A verb made singular in a clause that opens with "a lot of", "most of" ... and a plural noun ("A lot
    of the people who live in the old part of the city suffer" -> "suffers"): the share is as many as its noun."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    clause = clause_after_its_join(toks, edit.start)
    while clause[:1] and clause[0] in ("only", "just", "almost", "nearly", "about", "roughly"):
        clause = clause[1:]  # "Only a small percentage of the students ... eat"
    share = next((lead for lead in PLURAL_SHARES if clause[:len(lead)] == lead), None)
    if share is None:  # "a large proportion of", "a growing number of": a share whose noun is plural is as many
        share = next((clause[:size + 2] for size in (1, 2) if clause[:1] == ["a"] and clause[size:size + 1]
                      and clause[size] in SHARE_NOUNS and clause[size + 1:size + 2] == ["of"]), None)
    if share is None:
        return False
    rest = clause[len(share):]
    if rest[:1] and rest[0] in NOUN_PHRASE_OPENERS | {"these", "those"}:
        rest = rest[1:]
    def plural(w: str) -> bool:  # after "of", "studies" is a noun
        return plural_subject(w) or w.endswith("s") and _noun_forms(w)[1]
    return bool(rest) and plural(rest[0]) or len(rest) > 1 and plural(rest[1])


def singular_after_a_plural_head_and_its_relative(toks: list[str], edit: Edit) -> bool:
    """A verb made singular after a clause-opening plural noun and its relative clause ("The men who
    carried Jisoo down the mountain ... were" -> "was", "Games in which players have to manage a farm or a
    business teach" -> "teaches"): the verb is the plural noun's. Not where the relative clause opens another
    clause ("The men who said that the house are old"), nor the verb of a relative's own subject ("The gloves
    that each volunteer receive" -> "receives" is right)."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    clause = clause_before_any(toks, _verbless_parenthesis_opening(toks, edit) or edit.start)
    if clause[:1] in (["and"], ["but"], ["so"]):
        clause = clause[1:]  # ", and the people who stayed were" -> "was"
    while clause[:1] and clause[0] in FOCUS_ADVERBS:
        clause = clause[1:]  # "even the parents who"
    k = 2 if clause[:1] and clause[0] in NOUN_PHRASE_OPENERS | {"these", "those", "many", "most", "some"} else 1
    place = None  # a place phrase between the head and the relative word ("The students in my class who")
    if len(clause) > k + 2 and clause[k] in PREPOSITIONS - {"of"} and not _preposition_and_which(clause, k):
        j = next((j for j in range(k + 2, min(k + 5, len(clause))) if clause[j] in ("who", "that", "which")), None)
        if j is not None and all(aux_family(w) is None and not only_a_verb(w) for w in clause[k + 1:j]):
            place = j
    if place is None and len(clause) > k + 1 and clause[k] not in ("who", "that", "which") and not _preposition_and_which(clause, k):
        k += 1  # one adjective ("The young men who")
    head = k - 1
    after_a_preposition = place is None and _preposition_and_which(clause, k)
    if after_a_preposition:
        k += 1  # "Games in which": an -s noun there is a plural, no verb
    if place is not None:
        k = place  # the head is before its phrase
    if len(clause) <= k + 1 or clause[k] not in ("who", "that", "which", "whom") or not (
            plural_subject(clause[head]) or after_a_preposition and clause[head].endswith("s") and _noun_forms(clause[head])[1]):
        return False
    inside = clause[k + 1:]
    if inside[0] in NOUN_PHRASE_OPENERS | set(SUBJECT_PRONOUNS) | {"each", "every"} and len(inside) <= 2:
        return False
    # "or" / "and" between two singular noun phrases ("a farm or a business") joins nouns, not clauses; so does one
    # between a preposition's objects ("complained about the rain and the extra time were")
    return not any(w in ("that", "which", "who", "if", "because", "when", "but", "where")
                   or w in ("and", "or") and not (_noun_forms(before)[0] and after in ("a", "an"))
                   and not _joins_a_prepositions_objects(inside, j)
                   for j, (before, w, after) in enumerate(zip([""] + inside, inside, inside[1:] + [""])))


def _verbless_parenthesis_opening(toks: list[str], edit: Edit) -> int | None:
    """The index of the comma that opens a phrase between commas with no verb of its own, right before the edit
    ("The people who had waited ..., most of them with small children, were"); else None."""
    ends = [k for k in range(edit.start) if not toks[k].isspace()]
    if not ends or toks[ends[-1]] != ",":
        return None
    opening = next((k for k in reversed(ends[:-1]) if toks[k] == ","), None)
    if opening is None:
        return None
    phrase = [norm(t) for t in toks[opening + 1:ends[-1]] if t[:1].isalpha()]
    if not phrase or any(aux_family(w) is not None or only_a_verb(w) or w in CLAUSE_OPENERS or w in RELATIVE or w in ("and", "or")
                         or "past" in form_kinds(w) or "third" in form_kinds(w) and not _noun_forms(w)[1] for w in phrase):
        return None
    return opening


FOCUS_ADVERBS = frozenset(("even", "only", "also", "especially", "particularly", "just"))


def _joins_a_prepositions_objects(inside: list[str], j: int) -> bool:
    """Does the "and" at j join two noun phrases after one preposition ("about the rain and the extra time"): a
    preposition before it with no verb between, a determiner and no verb after it?"""
    p = max((i for i in range(j) if inside[i] in PREPOSITIONS), default=None)
    return p is not None and inside[j + 1:j + 2] != [] and inside[j + 1] in NOUN_PHRASE_OPENERS \
        and all(aux_family(w) is None and not only_a_verb(w) for w in inside[p + 1:j] + inside[j + 1:])


def _preposition_and_which(clause: list[str], k: int) -> bool:
    return len(clause) > k + 1 and clause[k] in PREPOSITIONS and clause[k + 1] in ("which", "whom")


def plural_after_a_singular_head_and_its_relative(toks: list[str], edit: Edit) -> bool:
    """The mirror: a verb made plural after a clause-opening singular noun and its relative clause, whose own
    verb is third person ("The bus that takes students from station to the campus is" -> "are", "A diet that
    is based on burgers and chips leads" -> "lead"); not after "a lot", "a number" ... (`HEADS_OF_A_PART`)."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    clause = clause_before_any(toks, edit.start)
    k = 2 if clause[:1] and clause[0] in NOUN_PHRASE_OPENERS else None
    if k is not None and len(clause) > k and clause[k] not in ("who", "that", "which") and k + 1 < len(clause):
        k += 1  # one adjective ("The old bus that")
    if k is None or len(clause) <= k + 2 or clause[k] not in ("who", "that", "which") or clause[k - 1] in HEADS_OF_A_PART \
            or not singular_noun(clause[k - 1]) or clause[k - 1] in COLLECTIVE \
            or not (third(clause[k + 1]) or _relatives_own_slip(clause[k + 1])):
        return False
    inside = clause[k + 2:]
    # an "and" between two bare nouns joins them ("A diet that is based on burgers and chips leads"), not clauses
    return not any(w in ("that", "which", "who", "if", "because", "when", "but", "or", "where")
                   or w == "and" and (nxt in NOUN_PHRASE_OPENERS or nxt in SUBJECT_PRONOUNS
                                      or not any(_noun_forms(nxt)) and nxt not in SUBJECTS_OF_ONE)  # "Spanish and English"
                   for w, nxt in zip(inside, inside[1:] + [""]))


ACCOMPANYING = (("together", "with"), ("along", "with"), ("as", "well", "as"), ("in", "addition", "to"), ("including",),
                ("like",), ("rather", "than"), ("and", "not"))


def plural_after_an_accompanying_phrase(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after a phrase between commas that adds to a singular subject ("The money that the
    students collected, together with the donations from parents, has been given" -> "have"): "together with", "as well
    as" ... add nothing to the subject's number."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [t for t in toks[:edit.start] if not t.isspace()]
    if not before or before[-1] != ",":
        return False
    opening = max((k for k, t in enumerate(before[:-1]) if t == ","), default=None)
    if opening is None:
        return False
    inside = [norm(t) for t in before[opening + 1:-1] if t[:1].isalpha()]
    if not any(tuple(inside[:len(lead)]) == lead for lead in ACCOMPANYING):
        return False
    subject = [norm(t) for t in before[:opening] if t[:1].isalpha()]
    if len(subject) < 2 or subject[0] not in NOUN_PHRASE_OPENERS - {"a", "an"}:
        return False
    head = _before_its_phrase(subject[:next((k for k, w in enumerate(subject) if w in ("who", "that", "which")), len(subject))])
    return len(head) in (2, 3) and (singular_noun(head[-1]) or head[-1] in UNCOUNTABLE) and head[-1] not in COLLECTIVE \
        and not third(head[-1])


def plural_after_a_what_clause(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after a "what" clause that is its subject ("what matters is helping others" ->
    "are", "What I need most is time" -> "are"): a clause is one thing."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    if "?" in toks[edit.end:]:
        return False  # a question: "What kind of training does new volunteers receive?" -> "do"
    clause = clause_before_any(toks, edit.start)
    return 2 <= len(clause) <= 5 and clause[0] == "what" and any(lemmas(w) or aux_family(w) for w in clause[1:]) \
        and not any(w in ("and", "or") for w in clause)


def plural_after_who_of_a_singular(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after "who" whose noun is singular ("laughing at the old man who was talking" ->
    "were"): the relative's verb agrees with its noun, not with the sentence's subject. Not after a place's phrase
    ("many students in our school who wants" -> "want": "who" stands for a noun further back), nor after "that"
    ("three computers in the library that doesn't work")."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    words = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if len(words) < 3 or words[-1] != "who" or words[-3] in ("of", "one") or words[-3] in NUMBER_WORDS:
        return False
    noun = words[-2]
    return singular_noun(noun) and noun not in COLLECTIVE | HEADS_OF_A_PART and not third(noun) and not lemmas(noun) \
        and words[-3] in NOUN_PHRASE_OPENERS | {"old", "young", "little", "new"} \
        and not (len(words) >= 4 and words[-4] in PREPOSITIONS and words[-4] not in ("at", "to", "with"))


def singular_after_a_plural_of_my_age(toks: list[str], edit: Edit) -> bool:
    """A verb made singular after "kids my age", "people your age" ... ("Kids my age usually prefer" -> "prefers"):
    the plural noun is the head; "my age" says which."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    clause = without_adverbs(own_clause(toks, edit.start))
    return len(clause) == 3 and clause[2] == "age" and clause[1] in ("my", "your", "our", "his", "her", "their") \
        and plural_subject(clause[0])


def singular_after_there_and_a_number(toks: list[str], edit: Edit) -> bool:
    """"there are" made "there is" before a number or "many" with no noun after it ("this year there are thirty" ->
    "is"): the number stands for a plural."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] not in ("are", "were") or pair[1] not in ("is", "was"):
        return False
    before = next((norm(t) for t in reversed(toks[:edit.start]) if t[:1].isalpha()), "")
    after = next((norm(t) for t in toks[edit.end:] if t[:1].isalnum()), "")
    return before == "there" and (after in NUMBER_WORDS - {"few"} or after.isdigit() or after in ("many", "dozens", "hundreds", "thousands"))


def _relatives_own_slip(word: str) -> bool:
    """A relative clause's verb in the base form after a singular head ("A child who grow vegetables"): the learner's
    slip there (the relative rule makes it "grows"), which does not make the head plural."""
    return "base" in form_kinds(word) and "past" not in form_kinds(word) and aux_family(word) is None and bool(lemmas(word))


def plural_after_a_singular_head_and_its_relative_of_place(toks: list[str], edit: Edit) -> bool:
    """A verb made plural after a clause-opening singular noun and its relative clause of place or time with a
    subject of its own ("The hotel where we stayed with my parents and my two cousins from Madrid was" -> "were"):
    the verb is the noun's. An "and" inside counts only after a preposition (its objects joined), and not before a
    second noun and its own relative ("The hotel where we stayed and the beach that we loved were" is a fix)."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    clause = clause_before_any(toks, edit.start)
    k = 2 if clause[:1] and clause[0] in NOUN_PHRASE_OPENERS else None
    if k is not None and len(clause) > k + 1 and clause[k] not in ("where", "when"):
        k += 1  # one adjective ("The old hotel where")
    if k is None or len(clause) <= k + 2 or clause[k] not in ("where", "when") or not singular_noun(clause[k - 1]) \
            or clause[k - 1] in COLLECTIVE | HEADS_OF_A_PART \
            or clause[k + 1] not in SUBJECT_PRONOUNS and clause[k + 1] not in NOUN_PHRASE_OPENERS:
        return False
    inside = clause[k + 1:]
    # the relative has its verb before the edit ("The island where my grandparents lives is": the edit is its verb)
    own_verb = inside[1 if clause[k + 1] in SUBJECT_PRONOUNS else 2:]
    if not any(form_kinds(w) & {"past", "third", "base"} and lemminflect.getAllLemmas(w, upos="VERB") for w in own_verb):
        return False
    for n, word in enumerate(inside):
        if word in ("that", "which", "who", "if", "because", "when", "but", "or", "where", "while"):
            return False
        if word == "and" and not (set(inside[:n]) & PREPOSITIONS):
            return False
    return True


RELATIVE_WORDS = frozenset(("who", "that", "which", "where", "when", "whose", "whom"))
SINGULAR_VERBS_OF_BE_HAVE_DO = frozenset(("is", "was", "has", "does", "isn't", "wasn't", "hasn't", "doesn't"))
ONE_THING_DETERMINERS = frozenset(("the", "this", "that", "my", "your", "his", "her", "its", "our", "their"))


def noun_made_plural_before_its_singular_verb(toks: list[str], edit: Edit) -> bool:
    """A noun that ends its clause-opening noun phrase (after "the", "this", a possessive and at most two words) made
    plural where a preposition or a comma follows it and the next form of "be", "have" or "do", with no clause
    between, is singular ("The bike rental shop in the main square, near the harbour and the tourist office, is" ->
    "shops"): the sentence agrees as written, and the edit would break it."""
    pair = one_word(toks, edit)
    if pair is None or pair[1] not in (pair[0] + "s", pair[0] + "es") or "NOUN" not in lemminflect.getAllLemmas(pair[0]):
        return False
    clause = clause_before_any(toks, edit.start)
    if not clause or clause[0] not in ONE_THING_DETERMINERS or len(clause) > 3 \
            or any(w in NUMBER_WORDS or w in RELATIVE_WORDS or aux_family(w) is not None for w in clause):
        return False  # "The lady who work at the desk is" -> "works" is a relative's verb
    # the noun phrase goes on with a preposition or a parenthesis ("shop in the square", "shop, near"), not an
    # object or a clause: "Our drama club meet every Tuesday" -> "meets" is a fix
    rest = [t for t in toks[edit.end:] if not t.isspace()]
    if not rest or not (rest[0] == "," or norm(rest[0]) in PREPOSITIONS):
        return False
    between_commas = False  # a parenthesis may join its nouns with "and": "near the harbour and the tourist office"
    for t in rest:
        w = norm(t)
        if t == ",":
            between_commas = not between_commas
        elif not t[:1].isalpha() or w in RELATIVE_WORDS | {"because", "if", "while"} \
                or w in ("and", "but", "or", "so") and not between_commas:
            return False  # a quotation, a clause, or a second verb's subject: "The chef shout at everybody, but he is"
        elif aux_family(w) is not None:
            return w in SINGULAR_VERBS_OF_BE_HAVE_DO and not between_commas
    return False


def second_noun_of_a_compound_subject(toks: list[str], edit: Edit) -> bool:
    """The second noun of a two-noun subject that opens the sentence made plural before a verb's base form ("Climate
    change affect everyone" -> "Climate changes affect"): the noun's number is not the learner's slip, the verb's is.
    Only where the word before it is a bare noun that is no verb ("climate", "air"), so that "My brother help clean"
    -> "helps" (a determiner) stays a fix."""
    pair = one_word(toks, edit)
    if pair is None or pair[1] not in (pair[0] + "s", pair[0] + "es") or "NOUN" not in lemminflect.getAllLemmas(pair[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if len(before) != 1 or set(lemminflect.getAllLemmas(before[0])) != {"NOUN"} \
            or before[0].endswith(("body", "one", "thing")) or before[0] in SUBJECT_PRONOUNS:  # "Everybody need time"
        return False
    after = [t for t in toks[edit.end:edit.end + 2]]
    if len(after) < 2 or after[0] != " " or not after[1][:1].isalpha():
        return False
    verb = norm(after[1])
    return "base" in form_kinds(verb) and "third" not in form_kinds(verb) and aux_family(verb) is None \
        and "VERB" in lemminflect.getAllLemmas(verb) and verb not in FUNCTION_WORDS \
        and verb not in ("people", "police", "cattle")  # a plural noun, the object: "Technology make people lazy"


def number_after_neither_nor(toks: list[str], edit: Edit) -> bool:
    """A verb's number changed after "neither ... nor" or "either ... or" ("Neither the president nor the
    other members have" -> "has"): the nearer noun or the first may decide, and either is written; but a
    verb the nearer phrase contradicts is put in its number (pairs.neither_nor_decides: "Neither the manager
    nor the other employees was" -> "were")."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)) or pairs.neither_nor_decides(toks, edit):
        return False
    clause = own_clause(toks, edit.start)
    return "neither" in clause and "nor" in clause or "either" in clause and "or" in clause


PEOPLE_PLURALS = frozenset(("people", "children", "men", "women", "police"))
PLACE_AND_TIME_ADVERBS = frozenset(("here", "there", "today", "nowadays", "now", "too", "then"))


def singular_after_people(toks: list[str], edit: Edit) -> bool:
    """A verb made singular right after "people", "children" ... that open its clause, with an adverb
    of place or time between at most ("that people here are" -> "is", "Children today spend" -> "spends")."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    clause = own_clause(toks, edit.start)
    while clause and (clause[-1] in PLACE_AND_TIME_ADVERBS or clause[-1] in ADVERBS):
        clause = clause[:-1]
    return 1 <= len(clause) <= 3 and (clause[-1] in PEOPLE_PLURALS or clause[-1] in PLURAL_ONLY) \
        and not {"of", "one", "each", "every", "a"} & set(clause)


def number_after_a_collective_of(toks: list[str], edit: Edit) -> bool:
    """A verb's number changed after "a group of students", "the team of doctors": British English takes
    either ("A group of students has / have started")."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)):
        return False
    clause = own_clause(toks, edit.start)
    return len(clause) >= 4 and clause[0] in ("a", "the", "our", "my", "this") and clause[1] in COLLECTIVE \
        and clause[1] not in ("majority", "minority", "couple") and clause[2] == "of"


# shares that take the number of the noun after "of" ("most of the staff work", "several of its staff were")
SHARES = frozenset(("most", "all", "some", "many", "several", "few", "half", "none", "lots", "lot", "plenty", "majority", "rest"))


def number_after_a_share_of_a_collective(toks: list[str], edit: Edit) -> bool:
    """A verb's number changed right after "most of the staff", "several of its staff": a share of a collective
    takes either number, as the collective does."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)):
        return False
    clause = without_adverbs(own_clause(toks, edit.start))
    if len(clause) < 3 or clause[-1] not in COLLECTIVE:
        return False
    of = max((k for k, w in enumerate(clause) if w == "of"), default=-1)
    between = clause[of + 1:-1]  # "the", "its" (or a learner's "it's") and at most one more word
    return of >= 1 and clause[of - 1] in SHARES and len(between) <= 2 \
        and (not between or between[0] in NOUN_PHRASE_OPENERS | {"it's"})


def plural_after_a_relative_between_commas(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after a relative clause between commas whose noun is one person or thing
    ("Lucía, whose parents own several flats, knows" -> "know"): the verb agrees with that noun."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    split = _between_commas(toks, edit)
    if split is None:
        return False
    head, inside = split
    if not inside or norm(inside[0]) not in ("who", "whose", "which") or not head:
        return False
    noun = norm(head[-1])
    return head[-1][:1].isupper() and not lemminflect.getAllLemmas(noun) and len(head) <= 3 or singular_noun(noun) \
        and noun not in COLLECTIVE and len(head) <= 4 and norm(head[0]) in NOUN_PHRASE_OPENERS


def _between_commas(toks: list[str], edit: Edit) -> tuple[list[str], list[str]] | None:
    """(what comes before the phrase, the phrase) where the edited word comes right after a phrase between
    commas ("Lucía, whose parents own several flats, knows"), as written; else None."""
    written = [t for t in toks[:edit.start] if not t.isspace()]
    if written[-1:] != [","] or "," not in written[:-1]:
        return None
    opening = len(written) - 2 - written[-2::-1].index(",")  # the comma that opens the phrase
    return written[:opening], written[opening + 1:-1]


def singular_after_a_plural_head_and_its_parenthesis(toks: list[str], edit: Edit) -> bool:
    """A verb made singular right after a phrase between commas, where the sentence opens with a plural noun and
    its phrase of place or kind ("The containers for garden waste at the back of the centre, near the exit, are" ->
    "is", "The prizes for the winners, including the silver cup, were" -> "was"): the verb agrees with that noun."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    head = _opening_head_before_a_parenthesis(toks, edit, NOUN_PHRASE_OPENERS - {"a", "an", "this", "its", "his", "her"})
    if head is None:
        return False
    noun = 2 if len(head) > 2 and not any(_noun_forms(head[1])) else 1  # one adjective may come first
    rest = head[noun + 1:]
    return plural_subject(head[noun]) and (not rest or rest[0] in PREPOSITIONS - {"to"}) and _no_clause_in(rest)


def number_after_a_contrast_with_not(toks: list[str], edit: Edit) -> bool:
    """A verb made singular right after ", not X," where the word before the commas is a plural noun ("I believe
    that parents, not pop stars, are the real role models" -> "is"), or plural where it is a singular one ("The
    teacher, not the students, decides" -> "decide"): the verb agrees with what the contrast sets against X."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)):
        return False
    split = _between_commas(toks, edit)
    if split is None or not split[0] or [norm(w) for w in split[1][:1]] != ["not"]:
        return False
    noun = norm(split[0][-1])
    if made_singular(pair):
        return plural_subject(noun)
    return singular_noun(noun) and not plural_subject(noun) and noun not in SUBJECT_PRONOUNS


def _opening_head_before_a_parenthesis(toks: list[str], edit: Edit, openers: frozenset[str]) -> list[str] | None:
    """The words before a phrase between commas that ends right before the edit, where they open the sentence
    with one of `openers` and hold no comma of their own; else None."""
    split = _between_commas(toks, edit)
    if split is None:
        return None
    head = [norm(w) for w in split[0]]
    return None if "," in head or len(head) < 2 or head[0] not in openers else head


def _no_clause_in(phrase: list[str]) -> bool:
    """Is the phrase after a head free of a verb, a clause's or a relative's opening word, and "and" / "or"?"""
    return not any(aux_family(w) is not None or w in CLAUSE_OPENERS or w in RELATIVE or w in ("and", "or") for w in phrase)


def plural_after_a_singular_head_and_its_parenthesis(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after a phrase between commas, where the sentence opens with a singular noun and
    its phrase of place, kind or a participle's ("The main reason given by the company for the changes, which were
    announced a week before, is" -> "are"): the mirror of the veto above; not a quantity's head ("a lot of")."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    head = _opening_head_before_a_parenthesis(toks, edit, NOUN_PHRASE_OPENERS - {"these", "those"})
    if head is None:
        return False
    for noun in (1, 2)[:len(head) - 1]:  # one adjective or noun may come first ("The main reason", "the bus stop")
        rest = head[noun + 1:]
        opens = not rest or rest[0] in PREPOSITIONS - {"to"} or "participle" in form_kinds(rest[0]) and rest[1:2] \
            and rest[1] in PREPOSITIONS
        if singular_noun(head[noun]) and head[noun] not in COLLECTIVE | HEADS_OF_A_PART and opens and _no_clause_in(rest):
            return True
    return False


def number_of_a_prepositions_noun(toks: list[str], edit: Edit) -> bool:
    """A word's number changed at the end of a phrase after a preposition, where a verb came before it in its
    clause ("The police are investigating the theft of three bikes from college car park" -> "parks"): a
    noun's, and the tutor leaves nouns."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)) or aux_family(pair[0]) is not None:
        return False
    after = next((t for t in toks[edit.end:] if not t.isspace()), ".")
    # or the clause's verb right after the phrase ("Their support during the charity run meant" -> "runs")
    verb_after = only_a_verb(norm(after)) and "past" in form_kinds(norm(after))
    if after not in (".", "!", "?", ",", ";", ":") and norm(after) not in PREPOSITIONS - {"to"} and not verb_after:
        return False
    phrase = _a_prepositions_phrase(toks, edit, 3)
    if phrase is None:
        return False
    # or before a parenthesis that the clause follows ("There are, unfortunately, no signs at most of the bus stops")
    earlier = [] if {"and", "but", "so"} & set(phrase[1]) else _before_a_parenthesis(toks, edit.start)
    return verb_after or any(aux_family(w) in ("be", "have", "do", "modal") for w in phrase[1] + earlier)


def _before_a_parenthesis(toks: list[str], i: int) -> list[str]:
    """The words of the clause before a parenthesis of one or two words between commas ("There are, unfortunately,
    no signs") after which the clause of the word at i goes on; [] where there is none."""
    commas = [k for k in range(i) if toks[k] == ","]
    if len(commas) < 2:
        return []
    first, second = commas[-2:]
    inner = [norm(t) for t in toks[first + 1:second] if not t.isspace()]
    words_after = [t for t in toks[second + 1:i] if not t.isspace()]
    if not 1 <= len(inner) <= 2 or not all(w.isalpha() and w not in CLAUSE_OPENERS for w in inner) \
            or len(own_clause(toks, i)) != len(words_after):
        return []
    return own_clause(toks, first)


def _a_prepositions_phrase(toks: list[str], edit: Edit, longest: int) -> tuple[list[str], list[str]] | None:
    """(the words between the clause's last preposition and the edited word, the clause's words before that
    preposition), where at most `longest` words lie between and none opens a clause or is a verb; else None."""
    clause = own_clause(toks, edit.start)
    k = max((k for k, w in enumerate(clause) if w in PREPOSITIONS - {"to", "like"}), default=None)
    if k is None or not 0 < len(clause) - k - 1 <= longest:
        return None
    between, first = clause[k + 1:], clause[:k]
    # a clause joined by "and" that opens with its own subject ("I am a student and my classes at the university
    # finishes"): the verb before "and" is the other clause's
    joins = [j for j, w in enumerate(first) if w in ("and", "but", "so") and first[j + 1:j + 2] and first[j + 1] in SUBJECT_OPENERS]
    if joins:
        first = first[joins[-1] + 1:]
    if any(aux_family(w) is not None or w in SUBJECT_PRONOUNS or w in CLAUSE_OPENERS or w in RELATIVE
           or w in ("and", "or", "but") for w in between):
        return None
    return between, first


def number_of_a_prepositions_noun_before_to(toks: list[str], edit: Edit) -> bool:
    """A word's number changed at the end of a phrase after a preposition, right before "to", where a past
    verb that is only a verb came before it in its clause ("took the students on weekend trips to the Black
    Forest" -> "trip"): a noun's."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)) or aux_family(pair[0]) is not None:
        return False
    if norm(next((t for t in toks[edit.end:] if not t.isspace()), ".")) != "to":
        return False
    phrase = _a_prepositions_phrase(toks, edit, 2)
    if phrase is None or any(w in FUNCTION_WORDS - NOUN_PHRASE_OPENERS for w in phrase[0]):
        return False
    return any(form_kinds(w) == {"past"} and only_a_verb(w) for w in phrase[1])  # "took", not "raised" (a participle too)


HOW_MUCH = frozenset(("how", "so", "too", "as", "very"))


def plural_after_much(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after "how much", "so much" or "much" and an adverb ("which shows how much still
    needs to change" -> "need"): "much" is singular."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    while before and before[-1] in ADVERBS:
        before.pop()
    return before[-1:] == ["much"] and (len(before) < 2 or before[-2] in HOW_MUCH or before[-2] in CLAUSE_OPENERS)



def noun_made_plural_after_much(toks: list[str], edit: Edit) -> bool:
    """A noun made plural right after "much" ("There has been so much rain" -> "rains", "too much homework"):
    "much" measures what is not counted."""
    pair = one_word(toks, edit)
    if pair is None or pair[1] not in (pair[0] + "s", pair[0] + "es") or not _noun_forms(pair[0])[0]:
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return before[-1:] == ["much"]


MANY = frozenset(("many", "several", "few", "both", "these", "those"))


def singular_after_many_and_its_noun(toks: list[str], edit: Edit) -> bool:
    """A verb made singular right after "many", "several", "these" ... and one or two words ("one reason why
    many familys eat" -> "eats", "these old buses need"): the subject is as many, whatever its spelling."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    clause = without_adverbs(clause_after_its_join(toks, edit.start))
    if not clause or not (clause[-1].endswith("s") and not clause[-1].endswith("ss") or plural_subject(clause[-1])):
        return False  # the subject ends with its plural noun ("many familys"), not "These days Dad fix"
    return any(len(clause) > size and clause[-size - 1] in MANY and not any(lemmas(w) and not any(_noun_forms(w))
                                                                            for w in clause[-size:])
               # "many" opens the subject ("why many familys eat"), not "Each of these inventions", "The reason for these"
               and (len(clause) == size + 1 or clause[-size - 2] in SUBJECT_LEADS) for size in (1, 2))


SUBJECT_LEADS = frozenset(("why", "that", "because", "when", "where", "if", "and", "but", "so", "which", "while", "although",
                           "since", "nowadays", "today", "now", "also", "how"))


def singular_after_a_bare_plural_and_its_participle(toks: list[str], edit: Edit) -> bool:
    """A verb made singular after a clause-opening bare plural and its participle phrase ("Residents living
    near the airport have complained" -> "has"): the verb is the plural's."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    clause = clause_after_its_join(toks, edit.start)
    if clause != clause_before_any(toks, edit.start)[-len(clause):] or len(clause_before_any(toks, edit.start)) != len(clause):
        return False  # the clause opens the sentence or follows a comma, no "that" before it ("The course that I attended")
    if len(clause) < 3 or not plural_subject(clause[0]) or not _noun_forms(clause[0])[1] or clause[0] in SUBJECT_PRONOUNS \
            or not clause[1].endswith("ing") or "and" in clause:  # "-ed" may be the clause's own past ("Students complained")
        return False
    return len(clause) <= 10 and not any(w in RELATIVE or aux_family(w) is not None or lemmas(w) and not any(_noun_forms(w))
                                         for w in clause[2:])


def plural_after_a_named_noun(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after a noun and its name ("my cat Lola jumps" -> "jump", "our teacher Mr Brown
    says"): the name is one person or animal."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    written = [t for t in toks[:edit.start] if t[:1].isalpha()]
    names = list(itertools.takewhile(lambda t: t[:1].isupper(), reversed(written)))
    if not 1 <= len(names) <= 2 or len(written) < len(names) + 2 or "I" in names:
        return False  # "The fee I pays" -> "pay": "I" is no name
    noun, determiner = norm(written[-len(names) - 1]), norm(written[-len(names) - 2])
    return determiner in ("my", "our", "his", "her", "their", "your", "the") and singular_noun(noun)


def number_after_none_of(toks: list[str], edit: Edit) -> bool:
    """A verb's number changed after "none of" ("None of my friends lives / live near me"): both are right."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)):
        return False
    clause = clause_after_its_join(toks, edit.start)
    return clause[:2] == ["none", "of"] and len(clause) <= 10


# heads of no plural as a subject's head ("The mud on my boots and shorts was"): the uncountables and other mass nouns
MASS_NOUNS = UNCOUNTABLE | frozenset(("mud", "dirt", "dust", "smoke", "water", "food", "rain", "snow", "weather", "air",
                                      "music", "bread", "electricity", "heating", "transport", "clothing", "scenery",
                                      "wildlife", "jewellery", "software", "machinery", "petrol", "fuel", "waste", "life",
                                      "flour", "sugar", "salt", "milk", "rice", "blood", "sand", "oil", "butter"))


def plural_after_an_uncountable_head(toks: list[str], edit: Edit) -> bool:
    """A verb made plural after a subject whose head is an uncountable noun and its phrase ("The information on your
    website about the prices and the dates of the courses is" -> "are"): the head decides."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    clause = clause_after_its_join(toks, edit.start)
    head = 2 if clause[1:2] and clause[1] not in MASS_NOUNS and clause[2:3] and clause[2] in MASS_NOUNS else 1
    if clause[:1] and clause[0] in MASS_NOUNS and clause[1:2] and clause[1] in PREPOSITIONS:
        clause, head = ["the"] + clause, 1  # no determiner: "Life in the Aran Islands has"
    return len(clause) > head + 1 and clause[0] in ("the", "this", "that", "our", "your", "my", "their", "some", "all", "any") \
        and clause[head] in MASS_NOUNS and clause[head] != "news" and clause[head + 1] in PREPOSITIONS \
        and not any(aux_family(w) is not None or lemmas(w) and not any(_noun_forms(w)) or w in RELATIVE for w in clause[head + 1:])


def plural_after_what_as_subject(toks: list[str], edit: Edit) -> bool:
    """"what is" made "are" where "what" is the subject and a predicate follows ("Who decides what is
    fashionable, the designers or the customers?", "what is happening"); not before a noun phrase ("what
    is the reasons" -> "are" stays possible)."""
    pair = one_word(toks, edit)
    if pair not in (("is", "are"), ("was", "were"), ("isn't", "aren't"), ("wasn't", "weren't")):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if before[-1:] not in (["what"], ["whatever"]):
        return False
    rest = [t for t in toks[edit.end:] if not t.isspace()]
    if not rest or not rest[0][:1].isalpha():
        return False
    first = norm(rest[0])
    noun_phrase = first in NOUN_PHRASE_OPENERS or first in SUBJECT_PRONOUNS or first in PLURAL_PHRASE_OPENERS or first in NUMBER_WORDS
    return not noun_phrase and (first.endswith("ing") or not first.endswith("s"))  # not "what is the reasons", "what is students"


def plural_after_the_number_of(toks: list[str], edit: Edit) -> bool:
    """A verb made plural whose subject is "the number of" + a plural ("why the number of tourists has
    fallen" -> "have"): "the number" is the head ("a number of" is plural and is not this)."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if before[:3] == ["the", "number", "of"] and aux_family(pair[0]) in ("be", "have") and not any(
            aux_family(w) is not None or only_a_verb(w) or w in CLAUSE_OPENERS or w in RELATIVE for w in before[3:]):
        return True  # the sentence's subject, however long its list ("The number of teenagers with jobs in shops, cafés and ...")
    clause = own_clause(toks, edit.start)
    starts = [k for k in range(len(clause) - 2) if clause[k:k + 3] in (["the", "number", "of"], ["the", "amount", "of"])]
    if not starts:
        return False
    between = clause[starts[-1] + 3:]
    longest = 10 if clause[starts[-1] + 1] == "amount" else 4  # "The amount of rubbish left on the beach after the weekends is"
    return 0 < len(between) <= longest and not any(aux_family(w) is not None or only_a_verb(w) or w in CLAUSE_OPENERS
                                             or w in ("who", "which", "that", "whose") for w in between)  # "people who works"


def plural_after_the_number_of_and_its_relative(toks: list[str], edit: Edit) -> bool:
    """"is", "has" made plural where the sentence opens with "The number of" + a noun and its relative clause
    ("The number of students who read on their phones, tablets or ... paper books is growing" -> "are"): past
    the relative's own verb, the next one is "the number"'s."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair) or aux_family(pair[0]) not in ("be", "have"):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if before[:3] != ["the", "number", "of"]:
        return False
    r = next((k for k in range(4, min(len(before) - 1, 7)) if before[k] in ("who", "that", "which")), None)
    if r is None:
        return False
    between = before[3:r] + before[r + 2:]  # the head's phrase, and the relative clause after its verb
    return not any(aux_family(w) is not None or only_a_verb(w) or w in CLAUSE_OPENERS or w in ("who", "that", "which", "and")
                   for w in between)


def plural_after_that_of_a_singular_noun(toks: list[str], edit: Edit) -> bool:
    """The verb right after "that" or "which" made plural where a singular noun comes right before it ("find
    work that does not take" -> "do"): the relative's verb is that noun's."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    written = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    return len(written) >= 2 and written[-1] in ("that", "which") and singular_noun(written[-2]) \
        and not plural_subject(written[-2]) and written[-2] not in COLLECTIVE


def plural_after_who_of_a_singular_noun(toks: list[str], edit: Edit) -> bool:
    """The verb right after ", who" or ", which" made plural where the noun before the comma is a
    possessive's or a determiner's singular ("belongs to my aunt, who lives" -> "live")."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    written = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    return len(written) >= 4 and written[-1] in ("who", "which") and written[-2] == "," and singular_noun(written[-3]) \
        and written[-3] not in COLLECTIVE and written[-4] in NOUN_PHRASE_OPENERS


CLAUSE_JOINS = frozenset(("and", "so", "but", "because", "while", "whereas", "although", "though"))
CALENDAR = frozenset(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february",
                      "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"))


def _a_name(word: str) -> bool:
    """A capitalised word that is no day or month ("Tom", not "Fridays")."""
    return word[:1].isupper() and word.lower().removesuffix("s") not in CALENDAR and word.lower() not in CALENDAR


def plural_after_and_and_a_new_singular_subject(toks: list[str], edit: Edit) -> bool:
    """A verb made plural after "and" (or "so", "but" ...) + a determiner + a singular noun, a name, or a bare
    singular, where the words before "and" hold a verb: "and" joins two clauses, and the noun is the second one's
    subject ("My dad cooks on sundays and my mum does" -> "do", "Tom cooks and Anna does", "so the north is",
    "so distance is" -> "are"; "My dad and my mum does" -> "do" stays possible)."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair) or pairs.pair_before(toks, edit.start) is not None:
        return False  # "I am sure that my experience and my motivation makes": the pair opens its clause
    written = [t for t in toks[:edit.start] if t[:1].isalpha()]
    before = [norm(t) for t in written]
    if len(before) < 4:
        return False
    # a determiner's noun of one thing: a singular, "the north" (a noun that has no plural), "my grandpa" (one no
    # dictionary lists)
    after_a_determiner = not before[-1].endswith("s") and _noun_forms(before[-1])[0] and not plural_subject(before[-1])
    if before[-1] in COLLECTIVE or not (singular_noun(before[-1]) or _a_misspelt_singular(before[-1])
                                                           or written[-1][:1].isupper() or after_a_determiner):
        return False
    if len(before) >= 5 and before[-3] in CLAUSE_JOINS and before[-2] in NOUN_PHRASE_OPENERS:
        first = before[1:-3]  # "and my mum does", "so the north is"
    else:
        # a name ("and Anna does"; not "Tom and Eva, has"), or a bare singular after "so", "but" ... ("so distance is";
        # after "and" it may join a subject: "Table tennis and pool is")
        name = written[-1][:1].isupper() and before[-1] not in SUBJECT_PRONOUNS and not _a_name(written[-3])
        bare = before[-2] != "and" and singular_noun(before[-1]) and not lemmas(before[-1])
        if before[-2] not in CLAUSE_JOINS or not (name or bare):
            return False
        first = before[1:-2]
    # "My grandma cooks and": a third person right after a determiner and a singular subject
    a_clause_before_and = len(first) >= 2 and before[0] in NOUN_PHRASE_OPENERS and "third" in form_kinds(first[1]) \
        and (singular_noun(first[0]) or _a_misspelt_singular(first[0]))
    # "Tourists usually stay in the south, so": a plural subject and a verb of the tables after it
    verb = next((w for w in first if w not in ADVERBS), "")
    a_plural_clause = plural_subject(before[0]) and before[0] not in SUBJECT_PRONOUNS and bool(lemmas(verb)) \
        and "base" in form_kinds(verb)
    return a_clause_before_and or a_plural_clause or any(aux_family(w) is not None or only_a_verb(w)
                                or "third" in form_kinds(w) and not singular_noun(w.removesuffix("s")) for w in first)


PART_LEADS = frozenset(("half", "most", "some", "all", "none", "part", "much", "lot", "rest"))
FRACTION_COUNTS = frozenset(("a", "one", "two", "three", "four", "five"))
FRACTIONS = frozenset(("third", "thirds", "quarter", "quarters", "fifth", "fifths", "tenth", "tenths"))


def plural_after_a_part_of_an_uncountable(toks: list[str], edit: Edit) -> bool:
    """A verb made plural whose clause opens with "half of", "most of", "some of", "two thirds of" ... + an uncountable noun
    ("Half of the money raised by the students goes" -> "go", "Most of the money we saved ... was" ->
    "were"): the part is as much as its noun, singular."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    clause = _subject_words(toks, edit.start)
    of = clause.index("of") if "of" in clause else -1
    fraction = of == 2 and clause[0] in FRACTION_COUNTS and clause[1] in FRACTIONS  # "Two thirds of the money"
    if not fraction and (of < 1 or of > 2 or clause[of - 1] not in PART_LEADS or clause[:1] not in (
            ["half"], ["most"], ["some"], ["all"], ["none"], ["part"], ["much"], ["a"], ["the"])):
        return False
    rest = clause[of + 1:]
    if rest[:1] and rest[0] in NOUN_PHRASE_OPENERS | {"this", "that"}:
        rest = rest[1:]
    return bool(rest) and rest[0] in UNCOUNTABLE and "and" not in rest and len(rest) <= 10 \
        and not (rest[1:2] and rest[1] not in PREPOSITIONS and any(_noun_forms(rest[1])) and not lemmas(rest[1]))


PERSON_ENDINGS = ("er", "or", "ist", "ian", "ant", "ent")
POSSESSIVES = frozenset(("my", "your", "his", "her", "our", "their"))  # "the owner of the shop and his wife": two people, maybe


PRICE_HEADS = frozenset(("rent", "price", "cost", "fee", "charge", "bill"))  # a price "for" a list is still one price


def plural_after_a_singular_head_of_a_list(toks: list[str], edit: Edit) -> bool:
    """A verb made plural after a singular head whose "of" phrase is a list ("The delivery of the sofa and
    the two chairs that I ordered is", "if the cost of the flights, the accomodation and the meals is"
    -> "are", "The noise made by motorbikes and delivery vans is"): the head is the subject; the list is what it
    is of or by. Not a head that may name a person ("the
    owner of the shop and his wife are"), a part or a quantity ("a number of"), nor a list whose last item
    has a phrase of its own ("the price on the first page and the price on the last page are") or a possessive
    ("A friend of mine and her sister are")."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    words: list[str] = []
    for t in reversed(toks[:edit.start]):  # back to the clause's start; a list's commas kept
        w = norm(t)
        if t in (";", ":") or w in CLAUSE_OPENERS - {"that"}:
            break
        if t == "," or t[:1].isalpha():
            words.append("," if t == "," else w)
    words = words[::-1]
    said = [k for k, w in enumerate(words) if w == "that" and (k == 0 or not any(_noun_forms(words[k - 1])))]
    words = words[said[-1] + 1:] if said else words  # "I think that the cost of ...": the clause after "that"
    relative = next((k for k, w in enumerate(words) if w in ("that", "which", "who", "whom")), len(words))
    words = words[:relative]  # "... the two chairs that I ordered": the relative clause is the last item's
    made_by = next((k for k in range(2, len(words) - 1) if words[k + 1] == "by" and "participle" in form_kinds(words[k])
                    and aux_family(words[k - 1]) is None), None)  # "The noise made by motorbikes and vans"
    if made_by is not None and "of" not in words[:made_by]:
        words = words[:made_by] + words[made_by + 1:]
        words[made_by] = "of"
    price_for = next((k for k in range(1, len(words)) if words[k] == "for" and words[k - 1] in PRICE_HEADS), None)
    if "of" not in words and price_for is not None:
        words = words[:price_for] + ["of"] + words[price_for + 1:]  # "The rent for the two bedrooms, the kitchen and ..."
    if "of" not in words or "and" not in words:
        return False
    of = words.index("of")
    head, lead = words[of - 1] if of else "", [w for w in words[:of - 1] if w != ","]
    if lead[:1] == [] or lead[0] not in NOUN_PHRASE_OPENERS or not singular_noun(head) or head in HEADS_OF_A_PART \
            or head in COLLECTIVE or head.endswith(PERSON_ENDINGS) and head not in PRICE_HEADS or "," in words[:of]:
        return False
    items = words[of + 1:]
    if any(w == "and" and nxt in POSSESSIVES for w, nxt in zip(items, items[1:])):
        return False  # "A friend of mine and her sister are": two people
    if "and" not in items or any(aux_family(w) is not None or only_a_verb(w) and not w.endswith("ing") for w in items):
        return False  # ("the parking": a noun)
    # a phrase inside the "of" phrase, before the list ("the cost of the tickets for the students and the two teachers"),
    # but none after its "and" ("the price on the first page and the price on the last page are": two subjects)
    last_and = len(items) - 1 - items[::-1].index("and")
    return not any(w in PREPOSITIONS - {"of"} for w in items[last_and:])


OWN_PRONOUNS = frozenset(("mine", "yours", "ours", "theirs", "hers"))


def number_after_a_possessive_pronoun(toks: list[str], edit: Edit) -> bool:
    """A verb's number changed right after "mine", "yours", "ours" ... alone ("Host families ... look after their
    students, and yours was the best" -> "were"): it stands for one thing or several, as the writer means."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if not before or before[-1] not in OWN_PRONOUNS or pairs.pair_before(toks, edit.start) is not None:
        return False
    # the pronoun is the subject, not a preposition's object ("The man who lived next to ours were" -> "was")
    return len(before) < 2 or before[-2] not in PREPOSITIONS | PLACE_PREPOSITIONS | {"than", "as", "like"} and not lemmas(before[-2])


# prepositions of place the shared list lacks ("the people in the flat above mine has" -> "have")
PLACE_PREPOSITIONS = frozenset(("near", "above", "below", "under", "over", "beside", "opposite", "beneath", "beyond", "next"))
SUBJECT_OPENERS = frozenset(("my", "your", "his", "her", "our", "their", "the", "i", "we", "they", "he", "she"))


def plural_after_a_reported_gerund(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after an -ing form that opens a reported clause ("Teachers say cooking is a
    skill" -> "are", "I think swimming is"): the gerund is the clause's subject, and singular."""
    from miniserve.tutor.runtime.quantifiers import REPORTING  # (quantifiers reads this package)

    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if len(before) < 2 or not before[-1].endswith("ing") or "ing" not in form_kinds(before[-1]):
        return False
    return before[-2] == "that" or bool(lemmas(before[-2]) & REPORTING) or before[-2] in REPORTING


def plural_after_all_that_someone_does(toks: list[str], edit: Edit) -> bool:
    """"is" / "was" made plural after a clause that opens with "All" and a subject pronoun ("All I had to do was
    click on a link" -> "were", "All we need is time"): "all" there means "the only thing", singular."""
    pair = one_word(toks, edit)
    if pair not in (("is", "are"), ("was", "were")):
        return False
    clause = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return len(clause) >= 3 and clause[0] == "all" and clause[1] in ("i", "you", "we", "they", "he", "she") \
        and len(clause) <= 8 and not any(w in ("and", "of") for w in clause)



def noun_number_against_its_relative(toks: list[str], edit: Edit) -> bool:
    """A noun after its determiner given -s (or losing it) right before ", which" / ", who" and a present verb that
    agrees with it as written ("The new lunch break, which lasts an hour, is" -> "breaks"): the relative clause's verb
    says the noun's number, and the tutor leaves nouns."""
    pair = one_word(toks, edit)
    if pair is None or not s_added_or_taken(pair):
        return False
    after = [norm(t) for t in toks[edit.end:] if not t.isspace()][:3]
    if len(after) < 3 or after[0] != "," or after[1] not in ("which", "who", "that") or aux_family(after[2]) not in (None, "be", "have", "do"):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()][-4:]
    opener = max((k for k, w in enumerate(before) if w in NOUN_PHRASE_OPENERS | {"these", "those", "every", "each"}), default=None)
    if opener is None or any(aux_family(w) is not None or w in SUBJECT_PRONOUNS for w in before[opener + 1:]):
        return False
    verb = after[2]
    singular_verb = verb in ("is", "was", "has", "does") or "third" in form_kinds(verb)
    plural_verb = verb in ("are", "were", "have", "do") or "base" in form_kinds(verb) and not singular_verb
    made_s = pair[1].endswith("s") and not pair[0].endswith("s") or len(pair[1]) > len(pair[0])
    return singular_verb and made_s or plural_verb and not made_s


SUBJECTS_OF_ONE = frozenset(("english", "german", "french", "spanish", "italian", "chinese", "japanese", "russian", "arabic",
                             "portuguese", "dutch", "greek", "polish", "turkish", "korean", "swedish", "hindi", "latin"))


def plural_after_a_language(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after a capitalised language's name that opens its clause ("think that German is
    more difficult" -> "are", "English is"): a language is one thing ("The English are" has its article)."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    written = [t for t in toks[:edit.start] if not t.isspace()]
    return bool(written) and norm(written[-1]) in SUBJECTS_OF_ONE and written[-1][:1].isupper() \
        and (len(written) == 1 or norm(written[-2]) in CLAUSE_OPENERS | {",", "but", "because", "that"})  # not "Spanish and Portuguese"


def noun_after_every_made_plural(toks: list[str], edit: Edit) -> bool:
    """A noun after "every" or "each" and its adjectives given -s ("every small change helps" -> "changes"): "every"
    takes a singular noun, and the tutor leaves nouns."""
    pair = one_word(toks, edit)
    if pair is None or pair[1] not in (pair[0] + "s", pair[0] + "es"):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()][-4:]
    lead = max((k for k, w in enumerate(before) if w in ("every", "each")), default=None)
    # only adjectives between ("each student use" -> "uses": there the edited word is the verb after the noun)
    after = next((norm(t) for t in toks[edit.end:] if t[:1].isalpha()), "")
    verb_after = aux_family(after) is not None or third(after) and "VERB" in lemminflect.getAllLemmas(after)  # "change helps"
    return lead is not None and verb_after and all("ADJ" in lemminflect.getAllLemmas(w) for w in before[lead + 1:])


def plural_after_one_as_a_pronoun(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after "one" as a pronoun, opening its clause ("when one wonders why one is doing" ->
    "one are"): "one" is singular."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    return before[-1:] == ["one"] and (len(before) == 1 or before[-2] in CLAUSE_OPENERS | {",", "why", "how", "what", "and", "but", "so"})



def plural_after_a_singular_head_with(toks: list[str], edit: Edit) -> bool:
    """A verb made plural whose clause opens with a determiner, a singular noun and a "with" phrase ("The cake with the
    pink flowers and the silver ribbons was" -> "were"): "with" adds to the head, it does not join a second subject."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    clause = clause_after_its_join(toks, edit.start)
    if not clause or clause[0] not in NOUN_PHRASE_OPENERS - {"their", "our"} or "with" not in clause[2:6]:  # up to three modifiers
        return False
    w = clause.index("with", 2)
    head = clause[w - 1]
    if len(clause) == w + 1 or any(x in SUBJECT_PRONOUNS for x in clause[1:w]):
        return False  # "The people I work with is": a relative clause's stranded "with"
    return singular_noun(head) and not plural_subject(head) and head not in COLLECTIVE_HEADS \
        and all("ADJ" in lemminflect.getAllLemmas(x) or any(_noun_forms(x)) for x in clause[1:w - 1]) \
        and not any(aux_family(x) is not None or only_a_verb(x) or x in RELATIVE for x in clause[w + 1:]) \
        and not any(a == "and" and b in POSSESSIVES for a, b in zip(clause[w + 1:], clause[w + 2:]))  # "... and my interest"


COLLECTIVE_HEADS = frozenset(("couple", "pair", "family", "team", "group", "staff", "number", "lot", "majority"))


def plural_after_an_uncountable_noun(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after an uncountable noun, none joined to it ("how they're money is used" -> "are"):
    "money", "information", "advice" take the singular."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    return len(before) >= 2 and before[-1] in UNCOUNTABLE - {"news", "time", "space", "parking", "research"} \
        and not any(w in ("and", "or", ",", "of", "nor") for w in before[-4:-1]) \
        and before[-2] not in PREPOSITIONS | {"without", "by", "than", "like"} and "participle" not in form_kinds(before[-2])


def plural_after_any_and_a_singular(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after "any" and a singular noun ("better than any exam does" -> "do")."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return len(before) >= 2 and before[-2] == "any" and singular_noun(before[-1]) and not plural_subject(before[-1]) \
        and (len(before) == 2 or before[-3] not in PREPOSITIONS)  # not "the lamps on any desk"


QUESTION_VERBS = frozenset(("decide", "decides", "decided", "know", "knows", "knew", "ask", "asks", "asked", "wonder",
                            "wonders", "wondered", "choose", "chooses", "chose", "guess", "imagine", "tell", "tells", "told",
                            "see", "sees", "saw", "understand", "explain", "explains", "show", "shows", "find"))


def plural_after_a_question_who(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after "who" that follows a verb of asking or deciding ("the votes decide who becomes
    class president" -> "become"): the question word "who" is singular; only a relative "who" after a noun takes its number."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return before[-2:-1] != [] and before[-1] == "who" and before[-2] in QUESTION_VERBS


# verbs that report a "that" clause ("studies show that", "the rules state that")
REPORTING = frozenset(("show", "suggest", "say", "state", "prove", "report", "mean", "explain", "indicate", "confirm",
                       "claim", "demonstrate", "reveal", "argue", "agree", "believe", "think", "predict", "warn"))


def verb_for_a_subjects_noun_before_a_reporting_verb(toks: list[str], edit: Edit) -> bool:
    """A plural noun that may be an -s verb made base right before a plural reporting verb and "that" ("Your
    readers comments show that many adults agree" -> "readers comment show"): the noun is that verb's subject."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair) or "NOUN" not in lemminflect.getAllLemmas(pair[0]):
        return False
    after = [norm(t) for t in toks[edit.end:] if not t.isspace()][:2]
    return len(after) == 2 and after[0] in REPORTING and after[1] == "that"


CLAUSE_OPENING_WORDS = frozenset((",", ";", ":", "and", "but", "so", "as", "because", "if", "while", "although", "since",
                                  "unless", "until", "conclusion"))
OBJECT_LEADS = NOUN_PHRASE_OPENERS | {"some", "any", "that", "these", "those", "more", "much", "many", "no", "to"}


def third_for_a_compounds_noun(toks: list[str], edit: Edit) -> bool:
    """A base word made third person right after "the/a" and a noun, where the clause's verb follows it ("In conclusion,
    the lunch break needs some changes" -> "the lunch breaks", "the bus stop is" -> "stops"): the word is the compound's
    noun. The verb after it is "is/was/has/does", or an -s verb with an object after it ("needs some"), not a noun
    ("if the price include books": "books" is the object)."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair) or aux_family(pair[0]) is not None:
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = [norm(t) for t in toks[edit.end:] if not t.isspace()]
    if len(before) < 2 or before[-2] not in ("the", "a", "an") or "NOUN" not in lemminflect.getAllLemmas(before[-1]) or not after \
            or len(before) > 2 and before[-3] not in CLAUSE_OPENING_WORDS and before[-3] not in PREPOSITIONS:
        return False  # not "Everything my grandma cook is", "where the manager work is"
    if after[0] in ("is", "was", "has", "does", "isn't", "wasn't", "hasn't", "doesn't"):
        return True
    return third(after[0]) and bool(lemmas(after[0])) and after[1:2] != [] and after[1] in OBJECT_LEADS


def third_for_a_listed_noun(toks: list[str], edit: Edit) -> bool:
    """A base word made third person in a list of noun phrases ("from the cake stall, the lemonade stand and the small
    raffle" -> "stands"): after a comma, "the" and a noun, before "and" or a comma and another determiner."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = [norm(t) for t in toks[edit.end:] if not t.isspace()]
    return len(before) >= 4 and before[-3] == "," and before[-2] in NOUN_PHRASE_OPENERS \
        and "NOUN" in lemminflect.getAllLemmas(before[-1]) and after[:1] in (["and"], [","]) and after[1:2] != [] \
        and after[1] in NOUN_PHRASE_OPENERS


def singular_after_both(toks: list[str], edit: Edit) -> bool:
    """A verb made singular right after "both" as the subject, or "both of them/us/you" ("and both are a problem" ->
    "is"): "both" is plural."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    while before and before[-1] in ADVERBS - {"both"}:
        before.pop()
    return before[-1:] == ["both"] or before[-3:-1] == ["both", "of"] and before[-1] in ("them", "us", "you")


def singular_after_a_share_of_us(toks: list[str], edit: Edit) -> bool:
    """A verb made singular right after "all of us", "most of them", "many of you" ... ("within five minutes all
    of us were wet" -> "was"): such a share of a plural pronoun is plural ("each of us", "one of them", "none of
    us" and "any of them" are not among them)."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    words = [t for t in toks[:edit.start] if not t.isspace()]
    while words and norm(words[-1]) in ADVERBS:
        words.pop()
    before = [norm(t) for t in words[-4:]]
    # the share is the subject: not set off by a comma, not a preposition's object ("like all of us, were")
    return len(before) >= 3 and before[-3] in PLURAL_SHARES_OF_US and before[-2] == "of" \
        and before[-1] in ("them", "us", "you") and (len(before) < 4 or before[-4] not in PREPOSITIONS | {"like"})


PLURAL_SHARES_OF_US = frozenset(("all", "most", "many", "several", "few", "some", "both"))


def singular_after_a_relative_of_two_joined_nouns(toks: list[str], edit: Edit) -> bool:
    """A verb right after ", who", ", that" or ", which" made singular where the comma follows two nouns or names
    joined by "and" ("many cities in Europe, for example Barcelona and Venice, that already have" -> "has"): the
    relative's antecedent is the pair, plural."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    words = [t for t in toks[:edit.start] if not t.isspace()]
    while words and norm(words[-1]) in ADVERBS:
        words.pop()
    if len(words) < 5 or norm(words[-1]) not in ("who", "that", "which") or words[-2] != "," or norm(words[-4]) != "and":
        return False

    def a_noun(word: str) -> bool:
        return word[:1].isupper() and word[1:].islower() or any(_noun_forms(norm(word))) and not lemmas(norm(word))
    return a_noun(words[-3]) and a_noun(words[-5])


def plural_after_an_age(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after a bare number that opens its clause, before "old", "young", "too" or "enough"
    ("I think sixteen is old enough" -> "are"): an age is one thing."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = [norm(t) for t in toks[edit.end:] if not t.isspace()]
    return bool(before) and (before[-1] in AGE_WORDS or before[-1].isdigit()) \
        and (len(before) == 1 or before[-2] in CLAUSE_OPENERS | {",", "think", "thinks", "thought", "believe", "believes", "but", "and"}) \
        and after[:1] != [] and after[0] in ("old", "young", "too", "enough", "still", "the", "a", "an")


def third_for_a_prepositions_compound_noun(toks: list[str], edit: Edit) -> bool:
    """A base word made third person right after a preposition and a bare singular noun, where its phrase ends
    ("opening the office during lunch break as well" -> "lunch breaks"): the word is the compound's noun, the
    preposition's object. Not before an object or a complement ("Working from home give people" is a verb's fix)."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair) or aux_family(pair[0]) is not None or not _noun_forms(pair[0])[0]:
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), ".")
    return after in (".", ",", "!", "?", ";", "as", "and", "or", "but", "because", "so", "when", "if", "since") \
        and len(before) >= 2 and before[-2] in PREPOSITIONS - {"like", "to"} and singular_noun(before[-1]) \
        and before[-1] not in FUNCTION_WORDS and not lemmas(before[-1])


def singular_after_a_prepositions_it(toks: list[str], edit: Edit) -> bool:
    """A verb made singular right after "it" as a preposition's object inside a plural noun's relative clause
    ("whether the lifeguards who take part in it are paid" -> "is"): "it" is no subject; the verb is the noun's."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if len(before) < 6 or before[-1] != "it" or before[-2] not in PREPOSITIONS:
        return False
    k = max((k for k in range(len(before) - 2) if before[k] in ("who", "that")), default=None)
    return k is not None and k >= 1 and plural_subject(before[k - 1]) \
        and not any(w in (",", ";", "and", "but", "because", "when", "if") for w in before[k + 1:-2])


QUESTION_OPENERS = frozenset(("who", "what", "where", "which", "whose", "when", "why", "how"))


def be_of_a_question_against_the_noun_after_it(toks: list[str], edit: Edit) -> bool:
    """"are", "were" right after an opening question word made singular before a plural noun phrase ("Who are all
    these people?" -> "Who is"): the noun phrase is the subject."""
    pair = one_word(toks, edit)
    if pair not in (("are", "is"), ("were", "was")):
        return False
    before = [t for t in toks[:edit.start] if not t.isspace()]
    if not before or norm(before[-1]) not in QUESTION_OPENERS or len(before) > 1 and before[-2] not in ('"', "\u201c", "'", ":"):
        return False  # the question opens the sentence or a quotation
    words = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()]
    if words[:1] == ["all"]:
        words = words[1:]
    if words[:1] in (["these"], ["those"]):
        return len(words) == 1 or not singular_noun(words[1])
    return words[:1] != [] and words[0] in NOUN_PHRASE_OPENERS and _head_is_plural(words[1:])


def _head_is_plural(words: list[str]) -> bool:
    """Is the noun phrase's head (the last of its nouns, after its adjectives) plural, or are two joined?"""
    k = 0
    while k < len(words) and "ADJ" in lemminflect.getAllLemmas(words[k]) and not any(_noun_forms(words[k])):
        k += 1
    nouns = list(itertools.takewhile(lambda w: any(_noun_forms(w)) and w not in FUNCTION_WORDS, words[k:]))
    if not nouns:
        return False
    return (plural_subject(nouns[-1]) or _noun_forms(nouns[-1]) == (False, True)) and not singular_noun(nouns[-1]) or words[k + len(nouns):k + len(nouns) + 1] == ["and"]


CHAIN_DETERMINERS = NOUN_PHRASE_OPENERS | {"these", "those", "that", "some", "many", "all", "both", "several", "few", "other"}
CHAIN_PREPOSITIONS = frozenset(("of", "from", "in", "on", "at", "with", "near", "around", "along", "behind", "for", "by"))


def _noun_chain(words: list[str], k: int) -> tuple[list[str], int, str]:
    """Walk back from words[k] over a noun phrase and its chain of prepositional phrases ("the buses from the north
    part of the town"): the heads met (nearest first), where the walk stopped, and in which state ("head": a
    preposition's noun was due; "modifier": after a head; "determiner": after its determiner)."""
    heads, state = [], "head"
    while k >= 0:
        w = words[k]
        a_noun = w[:1].isalpha() and w not in FUNCTION_WORDS and any(_noun_forms(w)) and not only_a_verb(w)
        if state == "head" and a_noun:
            heads.append(w)
            state = "modifier"
        elif state == "modifier" and (a_noun or "ADJ" in lemminflect.getAllLemmas(w) and w not in FUNCTION_WORDS):
            pass
        elif state == "modifier" and w in CHAIN_DETERMINERS:
            state = "determiner"
        elif state in ("modifier", "determiner") and w in CHAIN_PREPOSITIONS:
            state = "head"
        else:
            break
        k -= 1
    return heads, k, state


def singular_after_which_of_a_plural_in_its_noun_phrase(toks: list[str], edit: Edit) -> bool:
    """A verb right after ", which", ", who" or ", that" made singular where the noun phrase before the comma has a
    plural head in its chain of prepositional phrases ("a problem with the buses from the north part of the town,
    which are always full" -> "which is"): the relative may be the plural noun's, as its verb says. Not after
    "one of", "each of" ("One of my teachers, who know me" wants "knows")."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    words = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    while words and words[-1] in ADVERBS:
        words.pop()
    if len(words) < 3 or words[-1] not in ("which", "who", "that") or words[-2] != ",":
        return False
    heads, k, state = _noun_chain(words, len(words) - 3)
    ones = ("one", "each", "none", "every", "either", "neither", "everyone", "any")
    if any(h in ones for h in heads) or state == "head" and k >= 0 and words[k] in ones:
        return False
    return any((plural_subject(h) or _noun_forms(h) == (False, True)) and not singular_noun(h) for h in heads)


CONTACT_SUBJECTS = frozenset(("i", "we", "you", "they", "he", "she"))


def plural_after_a_singular_head_and_its_contact_relative(toks: list[str], edit: Edit) -> bool:
    """A verb made plural after a determiner, a singular noun and a relative clause with no "that" ("the room we use
    on thursdays is" -> "are"): the verb is the head noun's, not the relative clause's last noun."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    words = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    for k in range(len(words) - 2, max(len(words) - 10, 1), -1):
        if words[k] not in CONTACT_SUBJECTS:
            continue
        head, opener = words[k - 1], words[k - 2]
        if not singular_noun(head) or head in COLLECTIVE or head in FUNCTION_WORDS \
                or opener not in NOUN_PHRASE_OPENERS | {"every", "each"} or k >= 3 and words[k - 3] in PREPOSITIONS:
            return False  # not "The results of the survey we did ... shows": the head is in a phrase
        verb, rest = words[k + 1], words[k + 2:]
        return bool(form_kinds(verb) & {"base", "third", "past"} and lemmas(verb)) \
            and not any(not w[:1].isalpha() or w in RELATIVE or w in SUBJECTS_OF_THEIR_OWN or w in CONTACT_SUBJECTS
                        or aux_family(w) is not None or only_a_verb(w) for w in rest)
    return False


# words after a relative clause's verb that may be the subject of the verb after them ("I knew something was")
SUBJECTS_OF_THEIR_OWN = frozenset(("and", "but", "because", "so", "or", "there", "how", "what", "why", "when", "where",
                                   "if", "something", "nothing", "everything", "anything", "someone", "everyone",
                                   "nobody", "somebody", "everybody", "this", "that", "it", "these", "those"))


def singular_after_a_plural_pronoun_and_an_adverb(toks: list[str], edit: Edit) -> bool:
    """A verb made third person after "I", "you", "we" or "they" and an adverb, spelt right or not ("what you realy
    want" -> "wants", "they often go"): the adverb is no subject."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()][-2:]
    if len(before) < 2 or before[0] not in ("i", "you", "we", "they"):
        return False
    adverb = before[1]
    return adverb[:1].isalpha() and (adverb in ADVERBS or adverb.endswith("ly") and not any(_noun_forms(adverb))
                                     and not lemmas(adverb))


OPENING_LEADS = frozenset(("general", "fact", "addition", "conclusion", "however", "also", "moreover", "unfortunately",
                           "today", "now", "so", "and", "but", "nowadays", "usually", "still"))


def singular_after_a_plural_subject_and_its_phrases(toks: list[str], edit: Edit) -> bool:
    """A verb made singular after a subject whose head is a plural noun and whose prepositional phrases end in a
    singular one, at the start of its clause ("In general the paths in the north of the town are" -> "is"): the
    verb is the head's."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    return _a_plural_subject_with_phrases_opens_its_clause([norm(t) for t in toks[:edit.start] if not t.isspace()])


def _a_plural_subject_with_phrases_opens_its_clause(words: list[str]) -> bool:
    """Do `words` end in a subject that opens its clause with "the", whose head is a plural noun and which has at
    least one prepositional phrase ("In general the paths in the north of the town")?"""
    heads, k, state = _noun_chain(words, len(words) - 1)
    if len(heads) < 2 or state != "determiner" or words[k + 1] != "the":
        return False  # the chain opens with "the" and at least one phrase
    lead = words[k] if k >= 0 else ""
    head = heads[-1]
    return (k < 0 or lead in (",", ";", ":") or lead in OPENING_LEADS) and head not in ("one", "each", "none") \
        and (plural_subject(head) or _noun_forms(head) == (False, True)) and not singular_noun(head)


def singular_of_there_before_many(toks: list[str], edit: Edit) -> bool:
    """"There are" made "There is" before "(so, too, very) many", "several", "a few", "few", "both" ("There are so
    many different kind of bread" -> "There is"): the quantifier is plural, whatever the noun after it."""
    pair = one_word(toks, edit)
    if pair not in (("are", "is"), ("were", "was")):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()][-1:]
    after = [norm(t) for t in toks[edit.end:] if t[:1].isalpha()][:3]
    if after[:1] in (["so"], ["too"], ["very"], ["also"], ["still"], ["not"]):
        after = after[1:]
    return before == ["there"] and (after[:1] in (["many"], ["several"], ["few"], ["both"]) or after[:2] == ["a", "few"])


def number_after_a_determiners_staff(toks: list[str], edit: Edit) -> bool:
    """A verb's number changed right after a determiner and "staff" ("how your staff are trained" -> "is"): British
    English takes "staff" either way, and the learner's choice stands."""
    pair = one_word(toks, edit)
    if pair is None or not (made_singular(pair) or made_plural(pair)):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()][-3:]
    return len(before) >= 2 and before[-1] == "staff" and before[-2] in NOUN_PHRASE_OPENERS \
        and not (len(before) == 3 and before[0] in PREPOSITIONS | {"of", "like", "than"})  # not "one of your staff remember"


def plural_after_the_amount_of_and_a_relative_with_its_subject(toks: list[str], edit: Edit) -> bool:
    """"is", "has" made plural where the sentence opens with "The amount of" or "The number of" + a noun and a
    relative clause with a subject of its own ("The amount of money that famous people earn from films, concerts and
    advertisements is" -> "are", "The amount of plastic that we throw away ... and the sports hall has" -> "have"):
    past the relative's verb and its list, the next verb is the head's."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair) or aux_family(pair[0]) not in ("be", "have"):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if before[:3] not in (["the", "amount", "of"], ["the", "number", "of"]):
        return False
    r = next((k for k in range(4, min(len(before) - 2, 7)) if before[k] in ("that", "which", "who", "whom")), None)
    if r is None:
        return False
    verb = next((k for k in range(r + 2, min(len(before), r + 5))
                 if a_present_verb(before[k]) or only_a_verb(before[k]) or aux_family(before[k]) is not None), None)
    if verb is None and before[r + 1] in SUBJECT_PRONOUNS and r + 2 < len(before) and lemmas(before[r + 2]):
        verb = r + 2  # "that we throw away": a pronoun's verb, a noun too or not
    if verb is None or aux_family(before[r + 1]) is not None or only_a_verb(before[r + 1]):
        return False  # the relative has a subject of its own between it and its verb
    rest = before[3:r] + before[verb + 1:]
    return not any(aux_family(w) is not None or only_a_verb(w) or w in ("who", "that", "which", "because", "when", "if",
                                                                         "but", "so", "while", "although") for w in rest)


def plural_right_after_an_indefinite_pronoun(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after "nobody", "everyone", "someone" ... (adverbs between allowed), wherever the
    clause starts ("guests usually dance until the morning and nobody goes home early" -> "go")."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    while before and before[-1] in ADVERBS:
        before.pop()
    return before[-1:] != [] and before[-1] in INDEFINITES - {"each"} and "past" not in form_kinds(pair[1])  # not "nobody read"


def plural_after_and_and_a_singular_subject_with_phrases(toks: list[str], edit: Edit) -> bool:
    """A verb made plural after "and" (or "but", "so") + "the" + a singular noun and its prepositional phrases, where
    the words before "and" hold a verb ("we stand all the day and the floor in the storage room is" -> "are"): "and"
    joins two clauses, and the singular noun is the second one's subject."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    words = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    heads, k, state = _noun_chain(words, len(words) - 1)
    if len(heads) < 2 or state != "determiner" or k < 2 or words[k] not in ("and", "but", "so"):
        return False
    head, earlier = heads[-1], words[:k]
    opened = max((j for j, w in enumerate(earlier) if w in CLAUSE_OPENERS or w in (",", ";", ":")), default=-1)
    own = earlier[opened + 1:]  # the clause before "and", from its own start: it must have a verb after its first word
    if any(w in REPORTING or lemmas(w) & REPORTING for w in own):
        return False  # "I think my experience and my love for sport makes": a clause with no "that", its subject joined
    return all(singular_noun(h) and not plural_subject(h) for h in heads) and head not in COLLECTIVE \
        and head not in AMOUNT_HEADS and (any(a_present_verb(w) or only_a_verb(w) for w in own[1:])
                                          or len(own) > 1 and own[0] in SUBJECT_PRONOUNS and bool(lemmas(own[1])))


TIME_CLAUSE_OPENERS = frozenset(("until", "till", "once", "unless", "when", "while", "because"))  # (not "before" ...: prepositions too)


def plural_after_a_time_clauses_singular_subject(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after "until", "before", "once" ... + a determiner, at most two adjectives or nouns
    and a singular noun ("and then help the customers until the shop closes at one" -> "close"): the noun phrase
    is the subject of the clause the word opens, whatever verbs came before it."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    k = max((k for k in range(max(0, len(before) - 5), len(before)) if before[k] in TIME_CLAUSE_OPENERS), default=None)
    if k is None or before[k + 1:k + 2] == [] or before[k + 1] not in NOUN_PHRASE_OPENERS - {"a", "an"}:
        return False
    right_after = all(t.isspace() for t in toks[edit.start - 1:edit.start]) and toks[edit.start - 2:edit.start - 1] != [","]
    return right_after and 1 <= len(before) - k - 2 <= 3 and _a_singular_head(before[-1], before[k + 2:-1])


def singular_after_a_possessive_and_a_plural_noun(toks: list[str], edit: Edit) -> bool:
    """A verb made singular right after "our", "my", "their" ... and a plural noun that is no singular ("In conclusion
    our parks are a valuable part of the town" -> "is"): after a possessive the word is a noun, and the phrase is
    the verb's subject where it opens the sentence, its clause or follows an opening phrase ("In conclusion"), not where
    it ends a relative clause or a phrase ("The person who answered my calls were", "with all his documents were")."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if len(before) < 2 or before[-2] not in ("my", "your", "his", "her", "our", "their"):
        return False
    singular, plural = _noun_forms(before[-1])
    opening = before[:-2]
    return plural and not singular and (not opening or tuple(opening) in PHRASES_BEFORE_A_SUBJECT or opening[-1] in CLAUSE_OPENERS)


PHRASES_BEFORE_A_SUBJECT = frozenset((("in", "conclusion"), ("to", "sum", "up"), ("to", "conclude"), ("in", "general"), ("in", "short"),
                             ("first", "of", "all"), ("firstly",), ("secondly",), ("finally",), ("however",), ("nowadays",),
                             ("in", "my", "opinion"), ("of", "course"), ("also",), ("today",), ("moreover",)))


def base_after_a_third_person_verb(toks: list[str], edit: Edit) -> bool:
    """A word right after a verb in the third person given the base form ("Every new post needs likes" -> "like"):
    a finite verb is never followed by a bare verb that ends the clause (but "helps clean"), so the word is its
    object. Not after a
    pronoun's verb, which may end a relative clause ("The people she knows lives" -> "live")."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair) or not third(pair[0]) or aux_family(pair[0]) is not None:
        return False
    after = [t for t in toks[edit.end:] if not t.isspace()]
    if after[:1] and after[0][:1].isalnum():
        return False  # the object ends its clause: "needs likes," (not "The coffee breaks last too long")
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if len(before) < 2 or not before[-1][:1].isalpha() or before[-2] in NOUN_PHRASE_OPENERS | set(SUBJECT_PRONOUNS):
        return False  # "the needs of": a noun; "The people she knows lives": a relative's verb, then its head's
    verb = before[-1]  # a singular noun before it is its subject ("post needs"), not a plural's adjective ("local shops")
    return "third" in form_kinds(verb) and bool(lemminflect.getAllLemmas(verb, upos="VERB")) and aux_family(verb) is None \
        and verb not in ("helps", "dares") and singular_noun(before[-2]) and "ADJ" not in lemminflect.getAllLemmas(before[-2])


def base_for_all_their_lives_misspelt(toks: list[str], edit: Edit) -> bool:
    """"lives", "days", "years" after "all they" or "all we" given the base form ("they will depend on fast food all
    they lives" -> "all they live"): the learner wrote "they" for "their", and the word is the noun of "all their
    lives" (but "That's all they want" keeps its verb: "want" is no such noun)."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair) or pair[0] not in ("lives", "days", "years"):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    return before[-2:] in (["all", "they"], ["all", "we"], ["all", "you"])


def plural_after_a_singular_head_and_its_who_relative(toks: list[str], edit: Edit) -> bool:
    """A verb made plural where the sentence opens with a determiner, a singular noun and "who" or "that" + a verb
    ("The old man who rented us the boat and the fishing rods was waiting" -> "were"): past the relative's verb and
    its objects, the next verb is the head's, however many nouns the objects join."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    words = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    r = next((k for k in range(2, min(len(words), 5)) if words[k] in ("who", "that")), None)
    if r is None or words[0] not in NOUN_PHRASE_OPENERS or r + 2 >= len(words):
        return False
    head, middle = words[r - 1], words[1:r - 1]
    if not singular_noun(head) or head in COLLECTIVE or head in FUNCTION_WORDS or third(head) \
            or any(w in FUNCTION_WORDS or w in PREPOSITIONS or aux_family(w) is not None for w in middle):
        return False
    verb, rest = words[r + 1], words[r + 2:]
    if not rest or rest[0] not in NOUN_PHRASE_OPENERS | {"us", "me", "him", "them", "you"}:
        return False  # an object after the relative's verb; not "The old man who lived downstairs and his wife was"
    return "past" in form_kinds(verb) and bool(lemmas(verb)) and aux_family(verb) is None \
        and not any(not w[:1].isalpha() or w in RELATIVE or w in SUBJECTS_OF_THEIR_OWN - {"and"} or aux_family(w) is not None
                    or only_a_verb(w) and not w.endswith("ing") for w in rest)  # ("the fishing rods": a noun's)


def plural_after_than_and_a_singular_noun_phrase(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after "than" + "any", "every", "a" or "the" ... and a singular noun ("better than any
    exam paper does" -> "do"): the noun phrase after "than" is the compared clause's subject."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    words = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    k = max((k for k in range(max(0, len(words) - 5), len(words)) if words[k] == "than"), default=None)
    if k is None or words[k + 1:k + 2] == [] or words[k + 1] not in NOUN_PHRASE_OPENERS | {"any", "every", "each"}:
        return False
    return len(words) - k - 2 >= 1 and _a_singular_head(words[-1], words[k + 2:-1])


def _a_singular_head(head: str, middle: list[str]) -> bool:
    """Is `head` a singular noun (no collective, no verb's third person) after words that are no function words,
    prepositions or auxiliaries: the head of the noun phrase they make with a determiner before them?"""
    return singular_noun(head) and head not in COLLECTIVE and not third(head) \
        and all(w[:1].isalpha() and w not in FUNCTION_WORDS and w not in PREPOSITIONS and aux_family(w) is None for w in middle)


MEASURES = frozenset(("kilo", "kilogram", "kg", "gram", "litre", "liter", "bottle", "box", "bag", "packet", "cup", "glass",
                      "piece", "slice", "tin", "can", "jar", "carton", "plate", "bowl", "pound", "basket", "loaf", "bar"))


def plural_after_a_measure_of(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after "a kilo of", "a bottle of", "a box of" ... and a plural noun ("why a kilo of fresh
    vegetables costs more" -> "cost"): the measure is the head, and it is one."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    words = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    k = max((k for k in range(max(0, len(words) - 6), len(words) - 1) if words[k] == "of"), default=None)
    if k is None or k < 2 or words[k - 1] not in MEASURES or words[k - 2] not in ("a", "one", "the", "this", "that", "every", "each"):
        return False
    if any(w.isdigit() and len(w) == 4 or w in ("ago", "last", "yesterday") for w in words):
        return False  # "In 2022 a bowl of soup costs" -> "cost": a past
    return all(w[:1].isalpha() and w not in PREPOSITIONS and aux_family(w) is None and w not in ("and", "or", "that", "which", "who")
               for w in words[k + 1:])


DOUBLE_PLURALS = frozenset(("childrens", "peoples", "mens", "womens", "teeths", "feets", "mices"))


def singular_after_a_double_plural(toks: list[str], edit: Edit) -> bool:
    """A verb made third person right after a learner's double plural, adverbs between allowed ("People often forget
    that childrens also need time to play" -> "needs"): "childrens" is "children" with one plural ending too many.
    Not where it ends a phrase of a preposition, before its head's verb ("The noise of the childrens were")."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    while before and before[-1] in ADVERBS:
        before.pop()
    if before[-1:] == [] or before[-1] not in DOUBLE_PLURALS:
        return False
    phrase = before[:-1]
    while phrase and phrase[-1] in NOUN_PHRASE_OPENERS | {"the", "these", "those", "some", "many", "most", "all"}:
        phrase.pop()
    return not phrase or phrase[-1] not in PREPOSITIONS | {"of"}  # not "my experience with childrens make" -> "makes"



def number_of_a_noun_between_joined_phrases(toks: list[str], edit: Edit) -> bool:
    """A word's number changed where it ends the noun phrase after "during", "before" or "after" and "or" or "and" +
    a preposition follows ("never go there during the lunch break or after the lessons" -> "lunch breaks"): the
    word ends the first of two joined phrases, so it is a noun, and the tutor leaves nouns as written."""
    pair = one_word(toks, edit)
    if pair is None or not s_added_or_taken(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = [norm(t) for t in toks[edit.end:] if not t.isspace()]
    k = max((k for k in range(max(0, len(before) - 4), len(before)) if before[k] in ("during", "before", "after")), default=None)
    return k is not None and k < len(before) - 1 and before[k + 1] in NOUN_PHRASE_OPENERS \
        and all(w[:1].isalpha() and aux_family(w) is None for w in before[k + 1:]) \
        and after[:1] in (["or"], ["and"]) and after[1:2] != [] and after[1] in PREPOSITIONS | {"before", "after"}


PLURAL_SUBJECT_LEADS = frozenset(("that", "because", "when", "if", "and", "but", "so", "where", "while", "although", "as",
                                  ",", "the", "these", "those", "my", "our", "your", "their", "his", "her", "some", "many",
                                  "most", "all"))


def _words_after_a_noun_and_an_adverb(toks: list[str], edit: Edit) -> list[str] | None:
    """The words before the edit, where the last is an adverb of the kind that sits between a subject and its verb
    ("surprises never", "homework often"); None otherwise."""
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    return before if len(before) >= 2 and before[-1] in ADVERBS - {"all", "both", "not"} else None


def singular_after_a_plural_noun_and_an_adverb(toks: list[str], edit: Edit) -> bool:
    """A verb made third person after a plural noun that opens its clause, or follows a determiner there, and an
    adverb ("My dad used to say that surprises never work in our family" -> "works"): the noun is the subject
    and the adverb no subject. Not where the noun ends a phrase after "of" or another preposition ("one of the
    students never come" -> "comes" is a fix), nor after a noun in -s that is one thing ("the news always")."""
    pair = one_word(toks, edit)
    before = _words_after_a_noun_and_an_adverb(toks, edit)
    if pair is None or not made_singular(pair) or before is None:
        return False
    noun = before[-2]
    if not noun.endswith("s") or not _noun_forms(noun)[1] or noun in SINGULAR_IN_S | BOTH_NUMBERS or noun in ("its", "this", "has"):
        return False
    lead = before[-3] if len(before) >= 3 else ","
    if lead not in PLURAL_SUBJECT_LEADS:
        return False
    return lead in (",", "that", "because", "when", "if", "and", "but", "so", "where", "while", "although", "as") \
        or len(before) < 4 or before[-4] not in PREPOSITIONS | {"of"}


SINGULAR_SUBJECT_CLAUSE_LEADS = frozenset(("because", "that", "when", "if", "while", "although", "as", "so"))


def plural_after_a_singular_noun_and_an_adverb(toks: list[str], edit: Edit) -> bool:
    """A verb made plural after a singular noun that opens its clause and an adverb ("and homework often makes them
    nervous" -> "make"): the noun is the subject, the adverb no subject; the mirror of
    `singular_after_a_plural_noun_and_an_adverb`. After a conjunction or subordinator the noun must be no verb ("people
    that work often make"); after a determiner the noun phrase must open its clause ("the parents of my friend often
    makes" -> "make" is a fix), and after "and" or "but" only a clause after a comma ("my brother and sister often
    makes" -> "make" is a fix). Not a collective, "people" or "police", or a noun of either number."""
    pair = one_word(toks, edit)
    before = _words_after_a_noun_and_an_adverb(toks, edit)
    if pair is None or not made_plural(pair) or before is None:
        return False
    noun = before[-2]
    if not _noun_forms(noun)[0] or noun in COLLECTIVE | PLURAL_ONLY | BOTH_NUMBERS or noun in FUNCTION_WORDS or noun.endswith("s"):
        return False
    lead = before[-3] if len(before) >= 3 else ","
    first = before[-4] if len(before) >= 4 else ","
    if lead in ("and", "but"):  # ", and homework often makes": a clause after a comma, not "my brother and sister"
        return first == "," and not lemminflect.getAllLemmas(noun, upos="VERB")
    if lead == "," or lead in SINGULAR_SUBJECT_CLAUSE_LEADS:
        return not lemminflect.getAllLemmas(noun, upos="VERB")
    return lead in NOUN_PHRASE_OPENERS and (len(before) < 4 or first in SINGULAR_SUBJECT_CLAUSE_LEADS)


def singular_of_a_plural_noun_in_a_phrase_after_its_verb(toks: list[str], edit: Edit) -> bool:
    """A plural noun made singular at the end of a prepositional phrase whose clause has its verb before the
    preposition ("the Americans who come from the big cruise ships in the afternoon" -> "ship"): the word ends the
    preposition's noun phrase, so it is a noun, not a verb. The verb stands right before the preposition (a particle
    between) after a subject pronoun ("we live in"), or a relative whose antecedent follows a verb or a preposition
    other than "of": "Visitors who come to the festival stays" -> "stay", "the photos that my cousin took with the flash looks"
    -> "look", "the problems on this route needs" -> "need" and "After the lesson students goes home" -> "go" are
    fixes. Not where the word takes an object."""
    pair = one_word(toks, edit)
    if pair is None or pair[0] not in (pair[1] + "s", pair[1] + "es") or not singular_noun(pair[1]):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), ".")
    if after not in PREPOSITIONS | {",", ".", ";", "!", "?", "and", "or", "but"}:
        return False
    k = len(before) - 1
    while k >= 0 and before[k][:1].isalpha() and before[k] not in NOUN_PHRASE_OPENERS | FUNCTION_WORDS \
            and not only_a_verb(before[k]) and aux_family(before[k]) is None:
        k -= 1  # "big cruise": adjectives and nouns before the head
    if k < 1 or k == len(before) - 1 or before[k] not in NOUN_PHRASE_OPENERS or before[k - 1] not in PREPOSITIONS:
        return False
    v = k - 2
    if v >= 1 and before[v] in PARTICLES:
        v -= 1  # "come back from"
    if v < 1 or not only_a_verb(before[v]) or before[v - 1] not in SUBJECTS_OF_A_VERB_BEFORE_ITS_PHRASE:
        return False
    if before[v - 1] not in ("who", "which", "that"):
        return True
    # a relative: its antecedent must be an object, of a verb or a preposition, with no verb of its own to wait for
    # ("especially to the Americans who come from"; not "Visitors who come to the festival stays", "Many of the
    # visitors who come")
    a = v - 2
    while a >= 0 and before[a][:1].isalpha() and before[a] not in NOUN_PHRASE_OPENERS | FUNCTION_WORDS \
            and not only_a_verb(before[a]):
        a -= 1
    if a >= 0 and before[a] in NOUN_PHRASE_OPENERS:
        a -= 1
    return a >= 0 and (before[a] in PREPOSITIONS - {"of"} or only_a_verb(before[a]))  # "met tourists who came from"


PARTICLES = frozenset(("back", "out", "up", "down", "away", "home", "off", "over"))
SUBJECTS_OF_A_VERB_BEFORE_ITS_PHRASE = frozenset(("who", "which", "that", "i", "you", "we", "they", "he", "she", "it"))
IRREGULAR_SUPERLATIVES = frozenset(("best", "worst", "eldest"))


def number_after_the_and_a_superlative(toks: list[str], edit: Edit) -> bool:
    """A verb after a clause-opening "the" and a superlative with no noun, put in the other number ("and the youngest
    are only eleven years old" -> "is"): "the youngest" stands for one person or for several, and the writer's verb
    says which."""
    pair = one_word(toks, edit)
    if pair is None or not (made_plural(pair) or made_singular(pair)):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if len(before) < 2 or before[-2] != "the":
        return False
    word = before[-1]
    superlative = word in IRREGULAR_SUPERLATIVES or word.endswith("est") \
        and any(lemma != word for lemma in lemminflect.getAllLemmas(word, upos="ADJ").get("ADJ", ()))
    lead = before[-3] if len(before) >= 3 else ","
    return superlative and lead in (",", "and", "but", "so", "because", "that", "when", "if", "while", "although")


def singular_after_a_plural_subject_and_its_phrase_of_joined_nouns(toks: list[str], edit: Edit) -> bool:
    """A verb made singular after a plural subject whose last phrase joins two nouns with "and" ("and the suburbs
    in the north and the east have almost nothing" -> "has"): "the east" is the preposition's second noun, not the
    subject; without it the subject reads as in `singular_after_a_plural_subject_and_its_phrases`."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    words = [norm(t) for t in toks[:edit.start] if not t.isspace()]

    def noun(w: str) -> bool:
        return w[:1].isalpha() and w not in FUNCTION_WORDS and any(_noun_forms(w)) and not only_a_verb(w)

    if len(words) < 7 or words[-3] != "and" or words[-2] not in CHAIN_DETERMINERS or not noun(words[-1]) \
            or words[-6] not in CHAIN_PREPOSITIONS or words[-5] not in CHAIN_DETERMINERS or not noun(words[-4]):
        return False
    return _a_plural_subject_with_phrases_opens_its_clause(words[:-3])


MIXTURES = frozenset(("mixture", "combination", "mix", "blend", "balance"))


def plural_after_a_mixture_of(toks: list[str], edit: Edit) -> bool:
    """A verb made plural after "a mixture of", "a combination of", "a balance between" ... and the things mixed
    ("a mixture of exams and projects is the best solution" -> "are"): the mixture is one thing."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    k = next((k for k in range(len(before) - 3, max(len(before) - 10, 0) - 1, -1)
              if before[k] in MIXTURES and before[k + 1] in ("of", "between") and before[k - 1:k] and before[k - 1] in ("a", "the", "this")),
             None)
    return k is not None and all(w[:1].isalpha() and w not in RELATIVE and aux_family(w) is None and not only_a_verb(w)
                                 for w in before[k + 2:])


def base_of_a_plural_noun_after_an_opening_phrase(toks: list[str], edit: Edit) -> bool:
    """A word in -s right after the comma that ends a sentence's opening prepositional phrase, made its base, before a
    verb that agrees with it as a plural noun ("For some teenagers, likes matter more than friends" -> "like"):
    with no subject before it in its clause it is no verb, and "matter" is its verb. Not where the verb after it
    would be its object ("In my town, the mayor likes walks", the subject before it) or an -ing form."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair) or not s_added_or_taken(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if len(before) < 3 or before[-1] != "," or before.count(",") != 1 or before[0] not in PREPOSITIONS:
        return False
    after = next((norm(t) for t in toks[edit.end:] if t[:1].isalpha()), "")
    return after in ("are", "were", "have", "do", "don't", "aren't", "weren't", "haven't") or (
        non_third(after) and not third(after) and after not in FUNCTION_WORDS
        and after in lemminflect.getAllLemmas(after, upos="VERB").get("VERB", ()))


def third_of_a_nouns_head_before_a_joined_subject(toks: list[str], edit: Edit) -> bool:
    """A noun after "the" and another noun that open the sentence, made a verb in -s, before "and", a second noun
    phrase and a plural verb later ("The planetarium show and the new robot gallery on the second floor were
    excellent" -> "shows"): the word is the head of the first of two joined subjects, "were" their verb."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair) or not s_added_or_taken(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if len(before) != 2 or before[0] not in NOUN_PHRASE_OPENERS or not _noun_forms(before[1])[0]:
        return False
    after = [norm(t) for t in toks[edit.end:] if not t.isspace()]
    if after[:1] != ["and"] or len(after) < 3 or after[1] not in NOUN_PHRASE_OPENERS:
        return False
    clause = list(itertools.takewhile(lambda w: w not in (",", ";", ":") and w not in CLAUSE_OPENERS, after[2:]))
    verb = next((k for k, w in enumerate(clause) if w in ("are", "were", "have")), None)
    if verb is None:
        return False
    # the second subject's head, before its phrase: singular, or "are" could be its own ("My brother work and my
    # parents are retired" -> "works" is a fix)
    phrase = list(itertools.takewhile(lambda w: w not in PREPOSITIONS, clause[:verb]))
    head = phrase[-1] if phrase else ""
    return head.isalpha() and head not in FUNCTION_WORDS and not _noun_forms(head)[1] and not head.endswith("s")


WH_WORDS = frozenset(("how", "why", "where", "when", "whether"))  # not "what": "What time does the kids go" -> "do"


def plural_after_a_wh_word_and_a_singular_noun(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after "how", "why", "where" ... and a bare singular noun ("they know how grammar works"
    -> "work"): the noun is the subject. Not "people", "police", a collective or a noun of either number."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair) or not s_added_or_taken(pair) or aux_family(pair[0]) is not None:
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if len(before) < 2 or before[-2] not in WH_WORDS:
        return False
    noun = before[-1]
    return (_noun_forms(noun)[0] and not noun.endswith("s") and noun not in COLLECTIVE | PLURAL_ONLY | BOTH_NUMBERS
            and noun not in FUNCTION_WORDS and noun not in SUBJECT_PRONOUNS and not lemmas(noun))


def plural_after_a_singular_noun_full_of(toks: list[str], edit: Edit) -> bool:
    """A verb made plural after a singular noun that opens the sentence and "full of" ("A city full of gardens and
    trees is a healthier place" -> "are"): the noun is the subject; what it is full of describes it."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if len(before) < 5 or before[0] not in NOUN_PHRASE_OPENERS or before[2:4] != ["full", "of"]:
        return False
    noun = before[1]
    return noun.isalpha() and not noun.endswith("s") and not _noun_forms(noun)[1] \
        and not any(w in (",", ";") or lemmas(w) and not any(_noun_forms(w)) for w in before[4:])


def plural_after_all_and_a_singular_noun(toks: list[str], edit: Edit) -> bool:
    """A verb made plural right after "all", a determiner and a singular noun ("all their work was for nothing" ->
    "were", "all the food is"): "all" does not make a singular noun plural. Only where "all" opens its clause;
    not a collective ("all the staff were"), "people" or a noun of either number."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    before = [norm(t) for t in toks[:edit.start] if not t.isspace()]
    if len(before) < 3 or before[-3] != "all" or before[-2] not in ("the", "my", "your", "his", "her", "its", "our",
                                                                  "their", "this", "that"):
        return False
    if len(before) > 3 and before[-4] not in ("that", ",", ";", "because", "when", "if", "so", "but", "since", "as",
                                              "although", "while", "now", "then", "think", "feel", "know"):
        return False  # "The bags with all our food", "the car and all our food": "all" is inside another subject
    noun = before[-1]
    return (noun in MASS_NOUNS or singular_noun(noun)) and noun not in COLLECTIVE | BOTH_NUMBERS | PLURAL_ONLY


def plural_after_a_gerund_and_its_infinitive(toks: list[str], edit: Edit) -> bool:
    """A verb made plural after a subject that opens the sentence with an -ing form and its infinitive ("Learning to
    find your way with the sun and the stars is" -> "are"): the gerund is the head, whatever nouns its phrase joins.
    Not two gerunds joined ("Learning to swim and cycling are"), and no other verb between."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    words = _subject_words(toks, edit.start)
    if len(words) < 4 or not words[0].endswith("ing") or "ing" not in form_kinds(words[0]) or words[1] != "to" \
            or words[2] not in lemminflect.getAllLemmas(words[2]).get("VERB", ()):
        return False
    rest = words[3:]
    return not any(w.endswith("ing") and "ing" in form_kinds(w) or aux_family(w) is not None or w in RELATIVE
                   or third(w) and only_a_verb(w) for w in rest)


def singular_after_those_who(toks: list[str], edit: Edit) -> bool:
    """A verb made singular where the sentence opens with "Those who" / "Those that" and the word before the verb is
    no noun or subject pronoun ("Those who say that technology makes us safer are" -> "is"): "those" is the subject,
    plural. Not a noun's own verb inside the clause ("Those who say that technology make us" -> "makes")."""
    pair = one_word(toks, edit)
    if pair is None or not made_singular(pair):
        return False
    words = _subject_words(toks, edit.start)
    if len(words) < 3 or words[0] != "those" or words[1] not in ("who", "that", "which"):
        return False
    last = words[-1]
    return not any(_noun_forms(last)) and last not in SUBJECT_PRONOUNS and last not in ("one", "this", "that", "what")


def plural_after_a_singular_head_and_its_participle(toks: list[str], edit: Edit) -> bool:
    """A verb made plural after a subject that opens the sentence with a determiner, a singular noun and a past
    participle with its phrase ("The total amount raised by students, parents and local businesses was" -> "were"):
    the participle's phrase describes the head, whatever nouns it lists. Not a collective, and no other verb between."""
    pair = one_word(toks, edit)
    if pair is None or not made_plural(pair):
        return False
    words = _subject_words(toks, edit.start)
    if len(words) < 5 or words[0] not in NOUN_PHRASE_OPENERS:
        return False
    head = next((k for k in (1, 2) if k + 1 < len(words) and (singular_noun(words[k]) or words[k] in MASS_NOUNS)
                 and "participle" in form_kinds(words[k + 1]) and words[k + 1].endswith(("ed", "en", "t"))), None)
    if head is None or words[head] in COLLECTIVE or head == 2 and not lemminflect.getAllInflections(words[1], upos="ADJ"):
        return False
    rest = words[head + 2:]
    return bool(rest) and rest[0] in PREPOSITIONS and not any(
        aux_family(w) is not None or w in RELATIVE or only_a_verb(w) and "participle" not in form_kinds(w) for w in rest)
