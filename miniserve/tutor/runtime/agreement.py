"""Does the sentence itself speak against an agreement edit? The gate's prior on a proposed edit.

Real learners' correct sentences are damaged most by "fixes" of subject-verb agreement that the
sentence's own words rule out: an imperative has no subject to agree with ("So don't forget" ->
"doesn't"); a plural subject right before the verb ("people eat" -> "eats"); a verb joined by "and"
to one in the same form ("opens at nine and closes" -> "close"). Such an edit is not refused (a
long subject can hide behind the nearest noun: "One of my friends live" -> "lives" is right); it is
marked doubtful, and the gate then asks the model for EVIDENCE_MARGIN more before keeping it. Only
where the word right before the verb is a subject pronoun or "people" ("they goes", "people eats",
"she go") is the edit ruled out: nothing else in the sentence can make those agree; so is one of a
bare verb opening an exclaimed clause after a complete one ("..., have a look!" -> "has"). Two nouns
joined by "and" right before the verb speak against a singular one ("fishing and farming are" -> "is").

The rules read only neighbouring words: the word before the verb, skipping adverbs, and for an
auxiliary before its subject (a question) the words after it. A rule that cannot tell says nothing.

A subject far from its verb ("People who live in the city spend" -> "spends", "There are a lot of
things" -> "is") is what a parser sees and these rules cannot: `with_parse` weighs the Link Grammar
parser's verdict (parser.py) on the input and on the input with the edit. An edit after which the
parse leaves more words unlinked never passes when the input parsed cleanly (EVIDENCE_MARGIN more
otherwise); one after which the parse is costlier is doubtful; one that links more words, or reads
much more cheaply, needs SUPPORT_MARGIN less than the threshold unless the word rules doubt it, and one
the word rules doubt that mends a reading with unlinked words into one with none needs the threshold.
Two readings rule an edit out whatever its scores (`read_against`): the word read as a noun in a
clause before and after the edit (a noun's number, not a verb's), and the verb linked to a collective
subject ("The staff were": British English takes either number after "staff", "family", "team").
"""

from __future__ import annotations

import math
import re
from functools import cache

import lemminflect

from miniserve.tutor.runtime.forms import FUNCTION_WORDS, aux_family, form_kinds, lemmas, norm
from miniserve.tutor.runtime.guard import role
from miniserve.tutor.runtime.parser import Parse

# Nats a doubtful edit must pass beyond the gate's threshold: e^4, about 55 times likelier than the input.
EVIDENCE_MARGIN = 4.0
# Nats a parser-supported edit may fall short of the threshold (2.0 by default: such an edit passes
# when the model prefers it at all). Chosen on the learner-style dev half (docs/model.md).
SUPPORT_MARGIN = 2.0
COST_SLACK = 0.5  # a parse's disjunct cost must move by more than this to count
RULED_OUT_BEFORE_THIRD = frozenset(("i", "you", "we", "they", "people"))  # "they goes", "people eats"
RULED_OUT_BEFORE_PLURAL = frozenset(("he", "she"))  # "she go" ("it" may be an object: "let it go")
ADVERBS = frozenset((
    "always", "usually", "often", "never", "sometimes", "still", "also", "really", "just", "only", "all",
    "both", "even", "rarely", "seldom", "already", "generally", "normally", "probably", "certainly",
    "mostly", "hardly", "actually", "definitely", "simply", "not", "ever",
))
# Words that may open a clause before an imperative: "So don't forget", "And please bring", "Then call me".
OPENERS = frozenset(("so", "and", "but", "or", "please", "then", "now", "first", "finally", "next", "oh",
                     "well", "yes", "no", "ok", "okay", "also", "just", "kindly", "anyway", "again"))
CLAUSE_BREAKS = frozenset((",", ";", ":", "(", '"', "\u201c", "-", "\u2014", "!", "?", "."))
SENTENCE_BREAKS = frozenset((".", "!", "?", ":", ";"))
# one-word contractions that hold a finite verb ("There's a photo"; not a possessive: "my mother's bag")
CONTRACTED_VERBS = frozenset(("there's", "here's", "it's", "that's", "he's", "she's", "what's", "i'm", "you're",
                              "we're", "they're", "i've", "you've", "we've", "they've", "there're"))
PLURAL_PRONOUNS = frozenset(("i", "you", "we", "they"))
SINGULAR_PRONOUNS = frozenset(("he", "she", "it"))
PERSONAL_PRONOUNS = PLURAL_PRONOUNS | SINGULAR_PRONOUNS
PLURAL_ONLY = frozenset(("people", "police"))  # plural nouns with no -s that the dictionary also lists as singular
QUESTION_WORDS = frozenset(("why", "what", "where", "when", "how", "which", "whom"))
SUBJECT_LEAD = frozenset(("so", "many", "most", "all", "the", "these", "those", "my", "your", "our", "their",
                          "his", "her", "its", "some", "few", "both", "this", "that", "a", "an", "every", "each"))
CONJUNCTIONS = frozenset(("and", "or", "but"))
# determiners that leave a noun's number open ("the rings", "my ring"): the noun after one is no verb
OPEN_DETERMINERS = frozenset(("the", "my", "your", "our", "their", "his", "her", "these", "those"))
# A noun after these is inside a phrase that is not the subject ("The keys to the garage were",
# "Mr Okonkwo and his wife have"): the nearest noun says nothing about the verb's number.
NOT_SUBJECT_LEAD = frozenset(("of", "in", "on", "at", "to", "with", "from", "for", "by", "about", "near", "behind",
                              "under", "over", "between", "among", "around", "without", "and", "or", "like", "than",
                              "inside", "outside", "opposite", "beside", "above", "below", "across", "along", "beyond",
                              "through", "into", "onto", "throughout"))
# Nouns for a group that British English lets take a verb in either number ("The staff were very
# helpful", "My family lives abroad"): an agreement edit after one trades a correct sentence for
# another. ("people" and "police" take a plural verb only: PLURAL_ONLY.)
COLLECTIVE = frozenset((
    "staff", "team", "family", "government", "committee", "crew", "audience", "class", "public", "band",
    "jury", "council", "board", "management", "company", "crowd", "group", "majority", "minority", "club",
    "orchestra", "army", "choir", "couple", "faculty", "personnel", "community", "department", "parliament",
    "generation", "population", "union", "firm", "media",
))
# collectives that questions take in the plural as readily as in the singular ("Do the staff know"); not
# "company" or "family" ("Do your company offer" -> "Does" is a fix in the learner sets)
ASKED_AS_PLURAL = frozenset(("staff", "crew", "personnel"))
SINGULAR_LEAD = frozenset(("every", "each", "a", "an", "one", "this", "that", "another", "either", "neither"))
RELATIVE = frozenset(("who", "which", "that", "whom", "whose", "where"))
PREPOSITIONS = frozenset(("at", "in", "of", "from", "on", "for", "with", "behind", "near", "inside", "outside"))
THIRD_EXTRA = frozenset(("was", "wasn't"))
NON_THIRD_EXTRA = frozenset(("are", "aren't", "were", "weren't", "am"))



def third(word: str) -> bool:
    """A finite form that agrees with he/she/it only ("goes", "has", "doesn't", "is", "was")."""
    w = norm(word)
    return w in THIRD_EXTRA or "third" in form_kinds(w)


def non_third(word: str) -> bool:
    """A present or past form that agrees with a plural or I/you ("go", "have", "don't", "are", "were")."""
    w = norm(word)
    return w in NON_THIRD_EXTRA or "base" in form_kinds(w) or w in ("don't", "haven't")


@cache
def _noun_forms(word: str) -> tuple[bool, bool]:
    """(may be singular, may be plural) as a noun, by lemminflect's dictionary; (False, False) if no noun.
    A learner's plural in consonant + "ys" that is no word ("studys", "familys") is the plural it misspells."""
    if _misspelt_plural(word):
        word = word[:-2] + "ies"
    singular = plural = False
    for lemma in lemminflect.getAllLemmas(word, upos="NOUN").get("NOUN", ()):
        table = lemminflect.getAllInflections(lemma, upos="NOUN")
        singular |= word in table.get("NN", ())
        plural |= word in table.get("NNS", ())
    return singular, plural


def plural_subject(word: str) -> bool:
    w = norm(word)
    if w in PLURAL_PRONOUNS or w in PLURAL_ONLY:
        return True
    singular, plural = _noun_forms(w)
    # "visits" may be a verb: say nothing; "studys" is no word at all, a plural as often as a verb
    return plural and not singular and (not lemmas(w) or not lemminflect.getAllLemmas(w))


def singular_subject(word: str) -> bool:
    w = norm(word)
    if w in SINGULAR_PRONOUNS:
        return True
    singular, plural = _noun_forms(w)
    return singular and not plural and w not in PLURAL_PRONOUNS


def _words_before(toks: list[str], start: int) -> list[str]:
    """The clause's words before position `start`, back to the last clause break, lower-cased."""
    out = []
    for t in reversed(toks[:start]):
        if t.isspace():
            continue
        if t in CLAUSE_BREAKS:
            break
        out.append(norm(t))
    return out[::-1]


def _words_after(toks: list[str], end: int, n: int = 4) -> list[str]:
    return [norm(t) for t in toks[end:] if not t.isspace()][:n]


def _subject_after(after: list[str]) -> str:
    return next((w for w in after if w not in SUBJECT_LEAD), "")


def doubt(toks: list[str], start: int, end: int, new: tuple[str, ...]) -> float:
    """Nats the edit toks[start:end] -> new must pass beyond the gate's threshold: 0, EVIDENCE_MARGIN
    (the sentence's words speak against it) or infinity (they rule it out)."""
    before = [w for w in _words_before(toks, start) if w not in ADVERBS]
    if (_collective_opening(before) or _none_of(before) or _asks_a_collective(toks, start, end, before)) \
            and agreement_change(toks, start, end, new):
        return math.inf
    if _exclaimed_imperative(toks, start, end, before) and agreement_change(toks, start, end, new) \
            and non_third(toks[start]):
        return math.inf
    if not against_evidence(toks, start, end, new):
        return 0.0
    nearest = before[-1] if before else ""
    old = next(norm(t) for t in toks[start:end] if not t.isspace())
    if nearest in (RULED_OUT_BEFORE_THIRD if non_third(old) else RULED_OUT_BEFORE_PLURAL) or _collective_head(before) \
            or non_third(old) and _opening_plural(before, _break_before(toks, start)) \
            or _joined_to_a_noun(before, old):
        # a plural noun as its clause's own subject ("Studys show", "Studies show"; not "Pollution from ...
        # lorrys"): the parser cannot read a misspelt one, and reads "Studies" as a verb, so it may mend its
        # parse by a singular verb
        return math.inf
    return EVIDENCE_MARGIN


def _exclaimed_imperative(toks: list[str], start: int, end: int, before: list[str]) -> bool:
    """Does the verb toks[start:end] open a clause that ends in "!", either the sentence's first or one
    after a complete clause ("So come and see!", "There's a photo of us, have a look!")? Then it is an
    imperative, with no subject to agree with; "have"/"do"/"be" too unless a pronoun follows ("Have
    you seen it!"). Not after a subject still waiting for its verb ("My teacher, Mr Brown, say that
    ...!" -> "says"; "My trainer who comes from Brazil, make us run!" -> "makes")."""
    if not all(w in OPENERS for w in before):
        return False
    after = [norm(t) if t not in CLAUSE_BREAKS else t for t in toks[end:] if not t.isspace()]
    if after[:1] and after[0] in PERSONAL_PRONOUNS:
        return False
    if next((t for t in after if t in CLAUSE_BREAKS), "") != "!":
        return False
    opening = _first_segment(toks, start)
    return not opening or _has_main_verb(toks, opening)


def _first_segment(toks: list[str], start: int) -> range:
    """The positions of the sentence's words before `start`, from the sentence's start (or its last
    ":" or ";") to its first clause break; empty when the verb opens the sentence."""
    begin = start
    while begin > 0 and toks[begin - 1] not in SENTENCE_BREAKS:
        begin -= 1
    stop = next((i for i in range(begin, start) if toks[i] in CLAUSE_BREAKS), begin)
    return range(begin, stop)


def _has_main_verb(toks: list[str], span: range) -> bool:
    """Does the stretch hold a finite verb that no relative word before it in the stretch subordinates
    ("There's a photo", "It is cold there"; not "My trainer who comes from Brazil")?"""
    for i in span:
        word = norm(toks[i])
        if word in RELATIVE:
            return False
        if word in CONTRACTED_VERBS or (role(toks, i) in ("verb", "aux")
                                        and not form_kinds(word) <= {"ing", "participle"}):
            return True
    return False


def _opening_plural(words: list[str], brk: str) -> bool:
    """Do the clause's words up to the verb make one plural noun, with only determiners (or "how")
    before it: a learner's misspelt plural ("Studys show", "Many familys eat"), or a word that is a
    plural noun or an -s verb ("Studies show", "My studies show")? A clause opens with no -s verb,
    and none follows a determiner, so the word is the verb's plural subject. Not "Pollution from cars
    and lorrys cause" (the plural is not the subject), nor after a hyphen ("the problem with e-books
    are": a word's second half)."""
    if brk == "-" or not words or not all(w in SUBJECT_LEAD or w in OPENERS or w == "how" for w in words[:-1]):
        return False
    word = words[-1]
    return _misspelt_plural(word) or (word.endswith("s") and _noun_forms(word) == (False, True))


def _break_before(toks: list[str], start: int) -> str:
    """The clause break nearest before position `start` ("" at the sentence's start)."""
    return next((toks[i] for i in range(start - 1, -1, -1) if toks[i] in CLAUSE_BREAKS), "")


def _after_a_question_phrase(before: list[str], verb: str, after: list[str]) -> bool:
    """Is "do"/"does"/"did" after a question word and its noun at the clause's start, with a one-noun
    subject after it ("What games does your son like", "How many rooms does the hotel have"): an
    inverted question? (Not "which many parents think is", "what these stars do in", "What worries many
    employers are", nor "How many guests does your cousin and her fiance expect" -> "do".)"""
    if aux_family(verb) != "do" or not 2 <= len(before) <= 4 or not after or "and" in after[:5]:
        return False
    lead, rest = (before[:2], before[2:]) if before[:2] in (["how", "many"], ["how", "much"]) else (before[:1], before[1:])
    subject_next = after[0] in SUBJECT_LEAD - {"so", "that", "all", "both"} or after[0] in PERSONAL_PRONOUNS
    return (lead[0] in ("what", "which", "whose", "how") and bool(rest) and subject_next
            and all(w in SUBJECT_LEAD or (any(_noun_forms(w)) and w not in PERSONAL_PRONOUNS) for w in rest))


def _misspelt_plural(word: str) -> bool:
    """A learner's plural in consonant + "ys" that is no word ("studys", "familys", "citys")."""
    return len(word) > 3 and word.endswith("ys") and word[-3] not in "aeiouy" and not lemminflect.getAllLemmas(word) \
        and _noun_forms(word[:-2] + "ies")[1]


def agreement_change(toks: list[str], start: int, end: int, new: tuple[str, ...]) -> tuple[str, str] | None:
    """(old, new) when the edit toks[start:end] -> new trades one verb form for another person or
    number of the same verb ("go" -> "goes", "were" -> "was"); None for any other edit."""
    old = [t for t in toks[start:end] if not t.isspace()]
    fresh = [t for t in new if not t.isspace()]
    if len(old) != 1 or len(fresh) != 1:
        return None
    a, b = old[0], fresh[0]
    if not ((lemmas(a) & lemmas(b)) or aux_family(a) == aux_family(b) is not None):
        return None
    if not ((non_third(a) and third(b)) or (third(a) and non_third(b))):
        return None
    return a, b


def with_parse(doubt: float, before: Parse | None, after: Parse | None) -> float:
    """The doubt of an agreement edit once the parser has read the input (`before`) and the input
    with the edit (`after`); unchanged when either has no parse."""
    if before is None or after is None:
        return doubt
    if after.nulls > before.nulls:  # the edit breaks a link: "People who live in the city spends"
        return max(doubt, math.inf if before.nulls == 0 else EVIDENCE_MARGIN)
    if after.nulls < before.nulls and after.nulls == 0 and 0 < doubt < math.inf:
        return 0.0  # the word rules doubted it, the parse it mends answers them: "The students in my class who own an e-reader says"
    if after.nulls < before.nulls or after.cost < before.cost - COST_SLACK:
        return doubt or -SUPPORT_MARGIN  # "The woman who cleans the offices arrive" -> "arrives"
    if after.cost > before.cost + COST_SLACK:
        return max(doubt, EVIDENCE_MARGIN)  # a costlier reading: "There are a lot of things" -> "is"
    return doubt


def read_against(before: Parse | None, after: Parse | None, line: str, at: int) -> bool:
    """Do the parser's readings rule out an agreement edit of the word that starts at character `at`
    of `line`? `before` reads the input, `after` the input with the edit. They do where both read the
    word as a noun with every word linked ("not many cafes or shops" -> "shop", "a wonderful place" ->
    "places": a noun's number, no verb's) or as another verb's subject ("The taxi ride cost me" -> "rides"),
    where the input's reading links the verb to a collective
    subject ("The staff at the hotel were" -> "was"), or where either reading links it to a misspelt
    relative word the dictionary guessed a noun for ("the day wich seem" -> "wich seems"). A noun in
    a verbless phrase says nothing: the parser reads "The butler freeze" and "The butler freezes" alike,
    as a headline."""
    if any(reading is not None and (span := reading.subject_of(at)) is not None and span[0] in reading.guessed
           and misspelt_relative(line[span[0]:span[1]]) for reading in (before, after)):
        return True
    if before is None or before.nulls > 0:  # a reading that leaves words out may link the wrong subject
        return False
    if after is not None and after.nulls == 0 and all(_a_subject(reading, at) for reading in (before, after)):
        return True  # both read the word as another verb's subject ("The taxi ride cost me" -> "rides")
    if _noun_in_a_clause(before, at) and after is not None and after.nulls == 0 and _noun_in_a_clause(after, at):
        return True
    span = before.subject_of(at)
    if span is None:
        return False
    lead = [norm(w) for w in re.findall(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*", line[:span[0]])][-3:]
    return _collective_head(lead + [norm(line[span[0]:span[1]])], clause_start=False)


def _a_subject(reading: Parse, at: int) -> bool:
    """Does the reading link the word at `at` as a verb's subject, and as no verb itself?"""
    return any(start == at for _, start, _ in reading.subjects) and all(verb != at for verb, _, _ in reading.subjects)


def misspelt_relative(word: str) -> bool:
    """Is the word no English word but a relative word with one letter changed, added, dropped or two
    swapped ("wich", "whitch", "taht")?"""
    word = word.lower()
    return len(word) >= 3 and word not in RELATIVE and not lemminflect.getAllLemmas(word) \
        and any(_one_slip(word, relative) for relative in RELATIVE)


def _one_slip(a: str, b: str) -> bool:
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    short, long = sorted((a, b), key=len)
    return len(long) - len(short) == 1 and any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def _collective_head(words: list[str], clause_start: bool = True) -> bool:
    """Do the words (a clause's, up to the verb) end in a collective noun that heads the subject? Not
    after "every", "each", "a", "this" ("Every family have" -> "has" is a fix), nor after a verb or a
    relative word ("Parents who have a big family needs"): there the noun is not the subject."""
    if not words or words[-1] not in COLLECTIVE:
        return False
    lead = words[:-1] if clause_start else words[-2:-1]
    return not any(w in SINGULAR_LEAD or w in RELATIVE or lemmas(w) for w in lead)


def _collective_opening(words: list[str]) -> bool:
    """Does the clause open with a collective noun, alone or with a phrase after it ("the staff
    were", "Staff at the information desk speak", "The team from our school were")? Its verb may be singular or plural (British usage
    takes either): no number is wrong there. Not after "every", "each", "a", "this"."""
    if words[:1] in (["and"], ["but"], ["so"]):  # "..., and the staff were always helpful"
        words = words[1:]
    k = 1 if words[:1] and words[0] in ("the", "our", "their", "my", "your", "his", "her", "its") else 0
    if len(words) == k + 1:
        return words[k] in COLLECTIVE  # "the staff" right before its verb
    return (len(words) > k + 1 and words[k] in COLLECTIVE and words[k + 1] in PREPOSITIONS
            and not any(w in RELATIVE or lemmas(w) for w in words[k + 2:]))


def _none_of(words: list[str]) -> bool:
    """Does the clause's subject open with "none of" ("and none of them has had", "None of the rooms
    were")? Its verb may be singular or plural: no number is wrong there."""
    if "none" not in words:
        return False
    k = len(words) - 1 - words[::-1].index("none")
    rest = words[k + 2:]
    opens = k == 0 or words[k - 1] in CONJUNCTIONS or all(w in OPENERS for w in words[:k])
    # a plural after "of": "none of the shopping were" -> "was" is a fix, a singular noun calls for a singular verb
    return (opens and words[k + 1:k + 2] == ["of"] and 0 < len(rest) <= 4
            and not any(lemmas(w) and not any(_noun_forms(w)) for w in rest)
            and (rest[-1] in ("them", "us", "you", "these", "those") or plural_subject(rest[-1])))


def _asks_a_collective(toks: list[str], start: int, end: int, before: list[str]) -> bool:
    """Is the edited word an auxiliary that opens a question whose subject is "staff", "crew" or
    "personnel" ("Do the kitchen staff know": either number)? The noun with at most a determiner and one noun
    before it, and a base form after it."""
    old = next((norm(t) for t in toks[start:end] if not t.isspace()), "")
    if aux_family(old) is None or not all(w in OPENERS or w in QUESTION_WORDS for w in before):
        return False
    after = _words_after(toks, end, 5)
    if after[:1] and after[0] in SINGULAR_LEAD:
        return False  # "Why do a family have" -> "does" is a fix
    k = 1 if after[:1] and after[0] in SUBJECT_LEAD else 0
    for j in (k, k + 1):
        if j + 1 < len(after) and after[j] in ASKED_AS_PLURAL:
            return "base" in form_kinds(after[j + 1]) and (j == k or any(_noun_forms(after[k])))
    return False


def _noun_in_a_clause(parse: Parse, at: int) -> bool:
    return at in parse.nouns and not parse.fragment


def against_evidence(toks: list[str], start: int, end: int, new: tuple[str, ...]) -> bool:
    """Is the edit toks[start:end] -> new an agreement change the sentence's own words speak against?"""
    change = agreement_change(toks, start, end, new)
    if change is None:
        return False
    a, b = change
    to_third = non_third(a) and third(b)
    before = _words_before(toks, start)
    if norm(a) == "were" and norm(b) == "was" and ("if" in before or "wish" in before):
        return True  # "If public transport were cheaper": the unreal "were" suits every person
    head_words = [w for w in before if w not in ADVERBS]
    nearest = head_words[-1] if head_words else ""
    if len(head_words) >= 3 and head_words[-2:] == ["on", "earth"] and head_words[-3] in QUESTION_WORDS:
        nearest = head_words[-3]  # "Where on earth are the rings?": the question word's phrase
    if nearest == "off" and len(head_words) >= 2 and any(_noun_forms(head_words[-2])):
        nearest = head_words[-2]  # "My days off are": the noun before its particle
    if _past_an_age(head_words) is not head_words:
        nearest = head_words[-3]  # "children under twelve need": the noun before the age
    after = _words_after(toks, end)
    opens_clause = all(w in OPENERS or w in ADVERBS for w in before)
    if opens_clause or nearest in QUESTION_WORDS or _after_a_question_phrase(before, a, after):
        if aux_family(a) is None:
            return to_third and opens_clause  # a main verb opening its clause is an imperative: "Bring your coat"
        subject = _subject_after(after)  # a question: the auxiliary before its subject
        if subject and (plural_subject(subject) if to_third else singular_subject(subject)):
            return True
        if to_third and after[:1] and after[0] in OPEN_DETERMINERS and _noun_forms(subject) == (False, True):
            return True  # "Where on earth are the rings?": after "the" a noun, though "rings" is also a verb
        # "Don't forget": an auxiliary right before a verb, no subject at all
        return to_third and opens_clause and bool(after) and bool(lemmas(after[0])) and "base" in form_kinds(after[0])
    if any(aux_family(w) in ("do", "modal", "to") for w in before[-3:]):
        return False  # "Does he likes": a base form after an auxiliary, not agreement
    if nearest in CONJUNCTIONS:
        return _joined_to_a_noun(before, a) or _joined_verb_agrees(toks, start, a)
    if nearest in RULED_OUT_BEFORE_THIRD or nearest in SINGULAR_PRONOUNS:
        return to_third == (nearest in RULED_OUT_BEFORE_THIRD)
    head = _past_an_age([w for w in before if w not in ADVERBS])
    if to_third and _joined_subject(head) and not _ends_a_list(toks, start, head):
        return True  # "fishing and farming are" -> "is": two nouns joined by "and" are a plural subject
    # a phrase before the nearest noun hides the subject; "and" only joins more to it, so a plural noun
    # after "and" still speaks against a singular verb ("... and the children were" -> "was")
    leads = NOT_SUBJECT_LEAD & set(head[-4:-1])
    if leads and not (to_third and leads == {"and"} and plural_subject(nearest)):
        return False
    if _collective_head(head):
        return True  # "The staff were" -> "was": either number is right
    if to_third and _opening_plural(head, _break_before(toks, start)):
        return True  # "Studies show" -> "shows": a clause opens with no -s verb
    return plural_subject(nearest) if to_third else singular_subject(nearest)


AGE_WORDS = frozenset(("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                       "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
                       "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred"))


def _past_an_age(head: list[str]) -> list[str]:
    """The words before a verb without an age after its noun ("children under twelve need", "people over 65
    are"): "twelve" is no subject, the noun before "under" is."""
    if len(head) >= 3 and head[-2] in ("over", "under", "aged") and (head[-1].isdigit() or head[-1] in AGE_WORDS) \
            and any(_noun_forms(head[-3])):
        return head[:-2]
    return head


def _joined_subject(head: list[str]) -> bool:
    """Do the clause's words up to the verb make two nouns joined by "and", each with at most a
    determiner before it and nothing else ("fishing and farming", "my brother and his wife")? Not after
    a preposition anywhere before ("The quality of food and service are" -> "is" is a fix: the head
    is "quality"), nor after "every"/"each" ("Every boy and girl has")."""
    if "and" not in head:
        return False
    k = len(head) - 1 - head[::-1].index("and")
    left, right = head[:k], head[k + 1:]
    while left and left[0] in OPENERS:
        left = left[1:]
    return not any(w in ("every", "each") for w in head) and _determined_noun(left) and _determined_noun(right)


def _ends_a_list(toks: list[str], start: int, head: list[str]) -> bool:
    """Does the clause before the verb at `start` follow a comma with no conjunction opening it: the end
    of a list that began earlier ("a robot that can cook, clean and iron take" -> "takes"; "the money we
    spent on tickets, petrol and food were" -> "was")?"""
    return _break_before(toks, start) == "," and not (head and head[0] in OPENERS)


def _determined_noun(words: list[str]) -> bool:
    """One noun or gerund, with at most one determiner before it ("farming", "the children", "my wife")."""
    if not words or len(words) > 2 or (len(words) == 2 and words[0] not in SUBJECT_LEAD):
        return False
    w = words[-1]
    gerund = w.endswith("ing") and "ing" in form_kinds(w)
    return (gerund or any(_noun_forms(w))) and w not in FUNCTION_WORDS and aux_family(w) is None


def _joined_to_a_noun(before: list[str], old: str) -> bool:
    """"in cafes or shops": a word that may be a plural noun, joined by "and"/"or" to a plural noun
    that is no verb form inside a prepositional phrase, is a noun too; its -s is no agreement ("shops"
    -> "shop" is ruled out). Without the preposition a verb may follow ("have two cars and walks")."""
    words = [w for w in before if w not in ADVERBS]
    return (len(words) >= 3 and words[-1] in ("and", "or") and third(old) and _noun_forms(norm(old))[1]
            and (plural_subject(words[-2]) or _unknown_plural(words[-2]))
            and bool(set(words[-4:-2]) & (NOT_SUBJECT_LEAD - CONJUNCTIONS)))


def _unknown_plural(word: str) -> bool:
    """A word in -s that no dictionary here knows as a verb or a noun ("cafes"): a plural noun."""
    return (len(word) > 3 and word.endswith("s") and not word.endswith("ss") and word.isalpha() and not lemmas(word)
            and aux_family(word) is None and word not in FUNCTION_WORDS and not any(_noun_forms(word)))


def _joined_verb_agrees(toks: list[str], start: int, old: str) -> bool:
    """After "and"/"or"/"but": has the nearest earlier verb of the sentence the edited word's number
    already ("opens at nine and closes")? Then the two agree as written."""
    for i in range(start - 1, -1, -1):
        if toks[i] in (".", "!", "?"):
            return False
        if role(toks, i) not in ("verb", "aux"):
            continue
        w = norm(toks[i])
        if aux_family(w) in ("modal", "to"):
            return False
        if third(old):
            return third(w) and "base" not in form_kinds(w)
        return non_third(w) and not third(w)
    return False
