"""Subjects whose number a quantifier decides, wherever the nearest noun is.

"Each of the rooms have" takes "has" whatever "rooms" says, "Nearly half of the students says" takes
"say", "Nowadays everybody want" takes "wants". The nearest-noun rules (agreement.py) see "rooms" and
"students", and the parser reads some of these as well either way, so a quantifier at the head of
the clause's subject decides instead:
- `number_before(toks, i)`: "singular", "plural" or None for the finite verb at i;
- `corrects(toks, edit)`: does an edit put such a verb in the number the quantifier calls for? Such
  an edit of the model's needs no parser (the gate asks SUPPORT_MARGIN less), and where the model
  proposed nothing the flips that do are offered (gated by the model as any offer, offers.py);
- `contradicts(toks, edit)`: does an edit take the verb out of that number? It is never offered, and
  the model's such edit is ruled out.
"""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime import subjects
from miniserve.tutor.runtime.agreement import ADVERBS, COLLECTIVE, _noun_forms, non_third, plural_subject, third
from miniserve.tutor.runtime.forms import DETERMINERS, aux_family, form_kinds, lemmas, norm
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.patterns import OBJECT_PRONOUNS
from miniserve.tutor.runtime.tense import ALSO_A_PAST

SINGULAR_OF = frozenset(("each", "one", "either", "neither", "every one", "the number"))  # + "of": "each of the rooms",
# "the number of people ... has grown" ("none of": either; "a number of" is plural)
OF_LESS_DETERMINERS = frozenset(("the", "my", "your", "his", "her", "our", "their", "these", "those"))
PER_CENT = "per-cent"  # "twenty per cent", "20 percent", "20 %": read as one quantifier word
PLURAL_OF = frozenset(("half", "most", "all", "some", "many", "both", "few", "several", "a lot", "lots", "plenty",
                       "the majority", "a number", "a few", PER_CENT))  # + "of" + a plural noun: "half of the students"
# fractions and "the rest" take the number of their "of" noun as "half" does: "A quarter of them are", "Two thirds
# of the money was"
FRACTIONS = frozenset({"the rest", "a half", "a third", "a quarter", "a fifth", "a tenth"}
                      | {f"{n} {part}" for n in ("two", "three", "four", "five", "six", "seven", "eight", "nine")
                         for part in ("thirds", "quarters", "fifths", "tenths")})
# possessive pronouns stand for a noun of either number: "Most of mine come", "Some of yours is"
EITHER_AFTER_OF = frozenset(("mine", "yours", "ours", "theirs", "hers", "his"))
SINGULAR_WORDS = frozenset(("everybody", "everyone", "nobody", "somebody", "someone", "anybody", "anyone",
                            "everything", "nothing", "something", "anything", "no one"))
# what may come before the quantifier in its clause: "Nowadays everybody", "Nearly half of", "And each of"
OPENERS = frozenset(("nowadays", "today", "now", "nearly", "almost", "about", "around", "only", "just", "and", "but",
                     "so", "also", "still", "then", "unfortunately", "luckily", "however", "sadly", "surprisingly",
                     "although", "though", "because", "while", "whereas", "when", "if", "unless", "since"))
SUBORDINATORS = frozenset(("although", "though", "because", "whereas", "unless", "as"))
BREAKS = frozenset((",", ";", ":", ".", "!", "?", "(", ")", "\u2014"))
MAX_SUBJECT_WORDS = 8
# to rule an edit out, a singular quantifier's phrase may run longer where it holds no verb ("Each of the rooms on
# the second and third floors has" stays)
LONGEST_TO_RULE_OUT = 14
# words of a quantifier phrase that are also verb forms ("number", "lot" are not; "half" and "most" are not)
QUANTIFIER_WORDS = frozenset(("one", "each", "every", "number", "lot", "lots", "plenty", "majority"))
RELATIVES = frozenset(("who", "that", "which", "whom", "whose", "where", "when", "why"))
PHRASE_ENDS = frozenset(("on", "in", "at", "for", "with", "from", "about", "of", "to", "by", "near", "who", "that", "which"))



def number_before(toks: list[str], i: int, longest: int = MAX_SUBJECT_WORDS) -> str | None:
    """The number a quantifier at the head of the verb's clause calls for, or None."""
    found = quantifier(toks, i, longest) or subject_noun(toks, i)
    return found[0] if found else None


def subject_noun(toks: list[str], i: int) -> tuple[str, str] | None:
    """What the subject's own noun says of the verb at i (subjects.py), where no quantifier speaks."""
    return (subjects.head_of(toks, i) or subjects.simple_subject(toks, i) or subjects.inverted(toks, i)
            or subjects.existential(toks, i) or subjects.located(toks, i) or subjects.bare_plural(toks, i) or subjects.gerund_subject(toks, i)
            or subjects.name_subject(toks, i) or subjects.coordinated_nouns(toks, i) or subjects.contact_relative(toks, i))


def quantifier(toks: list[str], i: int, longest: int = MAX_SUBJECT_WORDS) -> tuple[str, str] | None:
    """("singular" or "plural", the quantifier as written) for the finite verb at i, or None."""
    words = []
    for t in reversed(toks[:i]):
        if t in BREAKS:
            break
        if t[:1].isalpha():
            words.append(t)
    words.reverse()
    low = [norm(w) for w in words]
    joined = max((k for k, w in enumerate(low) if w in ("and", "but", "so") and _a_finite_verb_in(low[:k])
                  and not _joins_two_modifiers(low, k)), default=None)
    if joined is not None:  # "everybody has a car and nobody want": the clause after "and" has its own subject
        words, low = words[joined + 1:], low[joined + 1:]
    low = [PER_CENT if w in ("percent", "%") or low[k - 1:k + 1] == ["per", "cent"] else w for k, w in enumerate(low)]
    kept = [k for k, w in enumerate(low) if not (w == "the" and low[k + 1:k + 3] == ["most", "of"])]
    words, low = [words[k] for k in kept], [low[k] for k in kept]  # a learner's "the most of them" is "most of them"
    reported = max((k for k, w in enumerate(low) if w == "that" and k > 0 and lemmas(low[k - 1]) & REPORTING), default=None)
    if reported is not None:  # "many doctors say that the number of overweight children is": the clause after "that"
        words, low = words[reported + 1:], low[reported + 1:]
    opened = max((k for k, w in enumerate(low) if w in SUBORDINATORS), default=None)
    if opened is not None:  # "I complained because half of the rooms were": the clause after "because"
        words, low = words[opened + 1:], low[opened + 1:]
    relative = max((k for k, w in enumerate(low) if w in RELATIVES), default=None)
    if relative is not None and low[relative] == "that" and 0 < relative and lemmas(low[relative - 1]) \
            and low[relative + 1:relative + 2] and low[relative + 1] in SINGULAR_WORDS and len(low) - relative <= 3:
        # "It seems that nobody have": after a verb, "that" opens a clause (not "It is vital that everyone arrive")
        words, low, relative = words[relative + 1:], low[relative + 1:], None
    if relative is not None and low[relative] in ("when", "where") and _opens_with_a_quantifier(low[relative + 1:]):
        words, low, relative = words[relative + 1:], low[relative + 1:], None  # "in the evening, when most of them need"
    if relative is not None and low[relative] in ("why", "where", "when") and not _a_finite_verb_in(low[relative + 1:]) \
            and not (QUANTIFIER_WORDS | SINGULAR_WORDS | {"all", "most", "many", "some", "none", "both", "half", "few", "several"}) \
            & set(low[relative + 1:]):  # not "when all the trees in the parks are": that quantifier's own clause
        return None  # "One of reasons why paper books are": the verb of the clause "why" opens, with its own subject
    if relative is not None:
        after = low[relative + 1:]
        # "who" + a verb our tables lack ("who cycle to school has"): "who" is the subject, its verb follows
        verb_after_who = low[relative] == "who" and bool(after) and bool(lemminflect.getAllLemmas(after[0], upos="VERB"))
        if not verb_after_who and not any(lemmas(w) for w in after):
            return None  # the verb of a relative clause: "the number of people who work" (relatives.py)
        if _one_relative_clause(low[relative:]):
            words, low = words[:relative], low[:relative]  # "The number of tourists who visit our town every summer has"
    opening = _an_opening_phrase(low)
    if opening:  # "in fact most of the lessons were", "at the age of seventeen most of us have"
        words, low = words[opening:], low[opening:]
    for k, word in enumerate(low):
        if word in EACH and _each_and_its_noun(low[k:]):
            return "singular", " ".join(words[k:k + 2])  # "Every shop in the centre accept", "Every student and teacher have"
        if word in SINGULAR_WORDS or " ".join(low[k:k + 2]) == "no one":
            if len(low) - k <= 2 or _a_phrase_of_place_or_exception(low[k + 1 + (low[k] == "no"):]):
                return "singular", words[k]  # "everybody want", "Everyone in my class except me and two girls have"
            return None  # not "everyone I know", "Everyone in my class and my teacher"
        if word in ("all", "both", "half") and low[k + 1:k + 2] and low[k + 1] in OF_LESS_DETERMINERS:
            noun = _noun_after_of(low[k + 1:])  # "All the members of our club is": "all" needs no "of"
            plural = plural_subject(noun) or noun.endswith("s") and _noun_forms(noun)[1]  # after "the", "names" is a noun
            if plural and len(low) - k <= MAX_SUBJECT_WORDS:
                return "plural", " ".join(words[k:k + 3])
        for size in (2, 1):
            lead = " ".join(low[k:k + size])
            if low[k + size:k + size + 1] != ["of"]:
                continue
            if len(low) - k > MAX_SUBJECT_WORDS and not (lead in SINGULAR_OF and len(low) - k <= longest
                                                         and _no_verb_in(low[k + size + 1:])):
                continue
            if lead in SINGULAR_OF:
                return "singular", " ".join(words[k:k + size + 1])
            noun = _noun_after_of(low[k + size + 1:])
            a_share = lead in PLURAL_OF | FRACTIONS  # its noun after "of" says its number
            if a_share and noun in EITHER_AFTER_OF:
                return None
            plural = plural_subject(noun) or noun.endswith("s") and _noun_forms(noun) == (False, True)
            if a_share and (plural or noun in ("them", "us")):  # after "of", "studies" is a noun
                return "plural", " ".join(words[k:k + size + 1])
            if a_share and noun not in COLLECTIVE | subjects.EITHER_NUMBER and subjects._singular_noun(noun) \
                    and not lemmas(noun):
                return "singular", " ".join(words[k:k + size + 1])  # "Most of the information ... is"
        if word not in OPENERS and not (low[k + 1:k + 2] == [PER_CENT] or low[k + 2:k + 3] == [PER_CENT]):
            return None  # the clause starts with something else: its subject is no quantifier's
    return None


OPENING_PREPOSITIONS = frozenset(("in", "at", "by", "on", "for", "after", "before", "during", "since", "until", "of"))


def _an_opening_phrase(low: list[str]) -> int:
    """How many words of a phrase of time or manner open the clause before a quantifier ("in fact", "by then", "at
    the age of seventeen", "after the first week"): openers, then a preposition and at most five words that are
    no verb; 0 where there is none."""
    k = 0
    while k < len(low) and low[k] in OPENERS:
        k += 1
    if k >= len(low) or low[k] not in OPENING_PREPOSITIONS:
        return 0
    for j in range(k + 1, min(len(low), k + 7)):
        if _opens_with_a_quantifier(low[j:]):
            between = low[k + 1:j]
            if not between or between[-1] in OPENING_PREPOSITIONS:
                return 0  # "In most of the cities", "At the end of most lessons": the quantifier is the phrase's own
            plain = all(not (lemmas(w) and not any(_noun_forms(w))) and w not in subjects.PRONOUNS for w in between)
            return j if plain else 0
    return 0


def _no_verb_in(words: list[str]) -> bool:
    """No relative, pronoun or word that can only be a verb among `words` ("the rooms on the second and third
    floors")."""
    return not any(w in RELATIVES or w in subjects.PRONOUNS or lemmas(w) and not any(_noun_forms(w)) for w in words)


def _opens_with_a_quantifier(words: list[str]) -> bool:
    """Do `words` open with a quantifier and its "of" ("most of them", "each of the rooms", "everybody")?"""
    return bool(words) and (words[0] in SINGULAR_WORDS or any(
        " ".join(words[:size]) in SINGULAR_OF | PLURAL_OF and words[size:size + 1] == ["of"] for size in (1, 2)))


# verbs whose "that" opens a clause with its own subject (not "suggest": its clause takes the base form)
REPORTING = frozenset(("say", "think", "believe", "know", "feel", "hope", "agree", "claim", "show", "read", "hear",
                       "realise", "realize", "notice", "find", "see", "tell", "explain", "complain", "expect"))
POSSESSIVES = frozenset(("my", "your", "his", "her", "its", "our", "their"))
EXCEPTING = frozenset(("except", "besides", "including", "like", "but"))


EACH = frozenset(("every", "each"))


def _each_and_its_noun(low: list[str]) -> bool:
    """Do `low` ("every shop in the centre", "every student and teacher") open with "every" or "each" and a
    singular noun that is no time ("Every morning the dog waits"), then nothing, a phrase of place, or "and" and a
    second singular noun of its own ("Every student and teacher has")?"""
    if len(low) < 2 or low[1] in subjects.ADVERBIAL_TIMES or not subjects._singular_noun(low[1]) \
            or low[0] == "each" and lemmas(low[1]):
        return False  # after "every" a noun ("every shop"); after "each" maybe a verb ("Each play a part")
    rest = low[2:]
    return not rest or rest[:1] == ["and"] and len(rest) == 2 and subjects._singular_noun(rest[1]) and not lemmas(rest[1]) \
        or _a_phrase_of_place_or_exception(rest)


def _a_phrase_of_place_or_exception(words: list[str]) -> bool:
    """Are `words` one prepositional phrase ("in my class", "at the party except me and two girls"): a
    preposition, then no verb, relative or subject pronoun; an "and" only inside "except ..."."""
    if not words or words[0] not in ("in", "at", "from", "on", "of", "with", "around", "near", "except", "besides"):
        return False
    if "and" in words and not EXCEPTING & set(words[:words.index("and")]):
        return False
    return len(words) <= MAX_SUBJECT_WORDS + 2 and not any(
        w in RELATIVES or w in subjects.PRONOUNS or aux_family(w) is not None
        or lemmas(w) and not any(_noun_forms(w)) for w in words)


ORDINALS = frozenset(("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                      "last", "next", "top", "ground"))


def _joins_two_modifiers(words: list[str], k: int) -> bool:
    """Does the "and" at k join two ordinals or adjectives of one noun ("on the third and fourth floors")
    rather than two clauses?"""
    before, after = words[k - 1:k], words[k + 1:k + 2]
    return bool(before and after) and (before[0] in ORDINALS and after[0] in ORDINALS
                                       or set(lemminflect.getAllLemmas(before[0])) == {"ADJ"} == set(lemminflect.getAllLemmas(after[0])))


def _a_finite_verb_in(words: list[str]) -> bool:
    """An auxiliary, or a third-person or past form right after a subject ("everybody has", "nobody
    liked"), or a verb's base form after "I", "we", "they" ("I enjoy cooking and my brother enjoy"): the
    words hold a clause of their own (not "Each of the boys", where "boys" is no verb)."""
    return subjects.a_pronoun_and_its_verb(words) or any(
        aux_family(w) not in (None, "to") or k > 0 and words[k - 1] in SINGULAR_WORDS | subjects.PRONOUNS
        and {"third", "past"} & form_kinds(w) for k, w in enumerate(words))


def _noun_after_of(words: list[str]) -> str:
    """The noun a quantifier's "of" takes: the last word of its noun phrase, before any preposition
    ("most of the information on these websites": "information", not "websites"; "most of the young
    people": "people")."""
    if words[:1] and words[0] in ("them", "us", "you", "it") and all(w in ADVERBS or w in ("now", "still") for w in words[1:]):
        return words[0]  # "most of them now have": the pronoun, whatever adverb follows it
    phrase = []
    for w in words:
        if w in PHRASE_ENDS:
            break
        phrase.append(w)
    while phrase and phrase[-1] in ADVERBS:
        phrase.pop()  # "most of them never win": "them"
    return phrase[-1] if phrase else ""


def _one_relative_clause(clause: list[str]) -> bool:
    """Is `clause` ("who visit our town every summer", "that we buy in supermarkets") one relative
    clause and nothing more: "who" or "that" (and its own subject pronoun), its verb, then only words
    that may be nouns (no second verb, clause or subject)?"""
    if len(clause) < 2 or clause[0] not in ("who", "that") or len(clause) > MAX_SUBJECT_WORDS:
        return False
    if clause[0] == "that" and clause[1] in ("we", "they", "i", "you", "people") and len(clause) >= 3:
        clause = clause[1:]  # "the food that we buy in supermarkets": the clause's own subject, then its verb
    rest = clause[2:] if clause[1] not in ADVERBS else clause[3:]
    rest = [w for k, w in enumerate(rest) if not (w == "own" and k > 0 and rest[k - 1] in POSSESSIVES)]  # "their own lunch"
    verb = lemmas(clause[1]) or lemminflect.getAllLemmas(clause[1], upos="VERB")  # "cycle": not in our tables
    # a determiner right after a word that is no preposition opens a second noun phrase: the word before it is a
    # verb ("who answered the questionnaire think the canteen is": "think" is no noun here)
    second_phrase = any(w in DETERMINERS and k > 0 and rest[k - 1] not in BEFORE_A_DETERMINER for k, w in enumerate(rest))
    return bool(verb or clause[1] in ADVERBS) and not second_phrase and not any(
        w in RELATIVES or w in ("and", "but", "or", "because") and not _joins_two_modifiers(rest, k) or w in subjects.PRONOUNS
        or lemmas(w) and not any(_noun_forms(w)) for k, w in enumerate(rest))  # ("on the third and fourth floors")


BEFORE_A_DETERMINER = PHRASE_ENDS | DETERMINERS | {"during", "under", "into", "across", "like", "after", "before", "without",
                                                   "between", "around", "behind", "outside", "inside", "through", "over",
                                                   "than", "as", "opposite", "towards", "all", "both", "half"}


def agrees(toks: list[str], i: int, word: str, longest: int = MAX_SUBJECT_WORDS) -> bool | None:
    """Does `word` at i agree with the quantifier's number? None where no quantifier decides."""
    number = number_before(toks, i, longest)
    kinds = form_kinds(norm(word))
    if number is None or "past" in kinds and not {"base", "third"} & kinds and norm(word) not in ("was", "were", "wasn't", "weren't"):
        return None  # a past of a main verb agrees with every subject ("The new cinema opened")
    return third(word) if number == "singular" else non_third(word) and not third(word)


def corrects(toks: list[str], edit: Edit) -> bool:
    """Does the edit put a verb the quantifier's number contradicts in the number it calls for? After
    "the lack of ..." (`head_of`) only a verb that can be no noun, or "is", "has", "does" ... ("the
    harsh sentence of an inclement judge": "judge" is the noun's)."""
    if len(edit.new) != 1 or edit.end != edit.start + 1 or _verb_just_before(toks, edit.start):
        return False
    if norm(toks[edit.start]).endswith("ing") and "ing" in form_kinds(norm(toks[edit.start])):
        return False  # "the children playing outside woke": an -ing form is no finite verb to put in a number
    if quantifier(toks, edit.start) is None and not (subjects.plainly_a_verb(norm(toks[edit.start])) and not subjects.verb_after(toks, edit.start)
                                                     or _before_to_and_a_verb(toks, edit.start)):
        return False
    return agrees(toks, edit.start, edit.new[0]) is True and agrees(toks, edit.start, toks[edit.start]) is False


def _before_to_and_a_verb(toks: list[str], i: int) -> bool:
    """Is the word at i a present form followed by "to" and a base form ("people needs to learn", "the
    school plan to open"): a verb, whatever noun it may also be."""
    word, after = norm(toks[i]), [norm(t) for t in toks[i + 1:] if not t.isspace()][:2]
    return {"base", "third"} & form_kinds(word) and "past" not in form_kinds(word) and after[:1] == ["to"] \
        and len(after) == 2 and "base" in form_kinds(after[1]) and bool(lemmas(after[1])) \
        and "VERB" in (kinds := lemminflect.getAllLemmas(after[1])) and not {"ADJ", "ADV"} & set(kinds)  # not "to further"




def the_nouns_number(toks: list[str], edit: Edit, next_to_its_noun: bool = False) -> bool:
    """Does the edit put a word the subject's own noun contradicts in the number it calls for, where no
    quantifier speaks, even if the word may be a noun too ("The canteen offer a good variety" -> "offers")?
    Whether the word is the verb at all, this cannot tell: only with the parser's reading (tutoring.Turn.confirmed),
    or with the model's where the word follows the subject's own noun (`next_to_its_noun`: "Tom say" -> "says")."""
    if len(edit.new) != 1 or edit.end != edit.start + 1 or _verb_just_before(toks, edit.start):
        return False
    found = quantifier(toks, edit.start)
    if found is None:
        found = subject_noun(toks, edit.start)
    elif found[1].lower().split()[0] not in EACH or found[1].lower().split()[1:2] == ["of"]:
        found = None  # another quantifier's number is `corrects`' ("every game", "each flight" are the noun's own)
    if found is None or found[1].lower().split()[0] in ("a", "an"):
        return False  # "a cell phone with internet", "a cigarette burn on the carpet": a compound noun's
    before = next((norm(t) for t in reversed(toks[:edit.start]) if not t.isspace()), "")
    if next_to_its_noun and before != norm(found[1].split()[-1]):
        return False  # "The talk about climate change at 2 pm": a noun's, after the phrase's last noun
    word, after = norm(toks[edit.start]), next((t for t in toks[edit.start + 1:] if not t.isspace()), "")
    if not {"base", "third"} & form_kinds(word) and aux_family(word) not in ("be", "have", "do"):
        return False  # "The girl standing at the end": no finite verb
    if "past" in form_kinds(word) or word in ALSO_A_PAST or word == "like" or subjects.verb_form_after(toks, edit.start):
        return False  # "The enemy lay waste": a past agrees with any subject; "a mind like a trap": a preposition;
        # "This vacuum pack locks in": a noun's
    if not after[:1].isalnum():
        return False  # "a lengthy hospital stay": a noun phrase that ends there, no clause
    if _a_finite_verb_after(toks, edit.end):
        return False  # "The bus stop in front of the hotel was closed": the clause's verb comes later
    return agrees(toks, edit.start, edit.new[0]) is True and agrees(toks, edit.start, toks[edit.start]) is False


def _a_finite_verb_after(toks: list[str], end: int) -> bool:
    """A form of "be", "have", a modal, or a past only, after `end` in the clause (to a comma, a relative or a
    joining word), the first of them after a noun, not after "to"."""
    previous = ""
    for t in toks[end:]:
        w = norm(t)
        if t in BREAKS or w in RELATIVES or w in ("and", "but", "so", "because", "or", "if", "while", "although"):
            return False
        if t[:1].isalpha():
            if previous != "to" and (aux_family(w) in ("be", "have", "modal") or "past" in form_kinds(w)
                                     and not {"base", "third", "participle"} & form_kinds(w)):
                return any(_noun_forms(previous))
            previous = w
    return False


def _verb_just_before(toks: list[str], i: int) -> bool:
    """Is the word before i a third-person form right after a plural noun ("Each of the metro stations
    looks like"): the clause's verb, so that the word at i is none?"""
    words = [norm(t) for t in toks[:i] if not t.isspace()]
    return len(words) >= 2 and "third" in form_kinds(words[-1]) and plural_subject(words[-2])


def decides(toks: list[str], edit: Edit) -> bool:
    """Does the subject's own noun decide this fix alone, whatever the model scores ("the lack of
    green spaces worry" -> "worries", "The police was called" -> "were", "My mum don't" -> "doesn't")?
    The model scores such fixes up to 4-5 nats under the input ("police" and "people" it often takes
    for singular); neither rule offers a change on any of WordNet's 41,477 usage examples (a test). A
    quantifier decides too where its verb is plainly the first verb after it, with no pronoun between
    ("Nobody know" -> "knows", "The number of tourists in our town grow" -> "grows", "One of the
    teachers who work at my school are" -> "is": one relative clause between; not "One of them was safe
    but they were", "The number of hours I work")."""
    if not corrects(toks, edit):
        return False
    return quantifier(toks, edit.start) is None or _first_verb_of(toks, edit.start)


def _before_an_infinitive(toks: list[str], i: int) -> bool:
    """Is the word at i a verb that "to" and a base form follow ("Nobody like to be told", "everybody want to
    go"): "like" and "want" are nouns or a preposition elsewhere, not before an infinitive?"""
    after = [norm(t) for t in toks[i + 1:i + 5] if not t.isspace()]
    before = next((norm(t) for t in reversed(toks[:i]) if not t.isspace()), "")
    return after[:1] == ["to"] and len(after) > 1 and "base" in form_kinds(after[1]) and bool(lemmas(after[1])) \
        and bool(lemmas(norm(toks[i]))) and before not in OBJECT_PRONOUNS and not lemmas(before)  # "makes me want to"


def _first_verb_of(toks: list[str], i: int) -> bool:
    """Is the verb at i plainly one, and the first verb and subject-free word run after its clause's
    quantifier ("Nobody know", "Each of the rooms have")?"""
    words = subjects.clause_before(toks, i)
    if not (subjects.plainly_a_verb(norm(toks[i])) or _before_an_infinitive(toks, i)) or subjects.verb_after(toks, i) \
            or toks[i + 1:i + 2] == ["-"]:
        return False
    relative = next((k for k, w in enumerate(words) if w in ("who", "that")), None)
    if relative is not None and _one_relative_clause(words[relative:]):
        words = words[:relative]  # "One of the teachers who work at my school are": the clause is the noun's
    if words[:1] and words[0] in EACH and _each_and_its_noun(words):
        return True  # "Every student and teacher have": the "and" joins the two nouns of "every"
    return not any(w in subjects.PRONOUNS or w in ("and", "but", "or") or (lemmas(w) and w not in QUANTIFIER_WORDS)
                   for w in words[1:])


def contradicts(toks: list[str], edit: Edit) -> bool:
    """Does the edit take a verb out of the number the quantifier calls for ("The number of people
    who work from home has grown" -> "have grown")? Such an edit is ruled out."""
    if len(edit.new) != 1 or edit.end != edit.start + 1:
        return False
    return agrees(toks, edit.start, edit.new[0], LONGEST_TO_RULE_OUT) is False \
        and agrees(toks, edit.start, toks[edit.start], LONGEST_TO_RULE_OUT) is True


def explanation(toks: list[str], edit: Edit) -> str:
    number, phrase = quantifier(toks, edit.start) or subject_noun(toks, edit.start)
    if subjects.existential(toks, edit.start) and quantifier(toks, edit.start) is None:
        return f"After 'there', the verb agrees with '{phrase}', which is {number}: use '{edit.new[0]}', not '{toks[edit.start]}'."
    if subjects.located(toks, edit.start) and quantifier(toks, edit.start) is None:
        return f"The subject '{phrase}' comes after the verb here and is {number}: use '{edit.new[0]}', not '{toks[edit.start]}'."
    if (subjects.simple_subject(toks, edit.start) or subjects.inverted(toks, edit.start) or subjects.bare_plural(toks, edit.start)
            or subjects.gerund_subject(toks, edit.start) or subjects.name_subject(toks, edit.start)) \
            and not subjects.head_of(toks, edit.start) \
            and quantifier(toks, edit.start) is None:
        return f"The subject '{phrase}' is {number}: use '{edit.new[0]}', not '{toks[edit.start]}'."
    if quantifier(toks, edit.start) is None:
        return f"The subject is '{' '.join(phrase.split()[:-1])}', which is {number}: use '{edit.new[0]}', not '{toks[edit.start]}'."
    return f"The subject begins with '{phrase.lower()}', so the verb is {number}: use '{edit.new[0]}', not '{toks[edit.start]}'."
