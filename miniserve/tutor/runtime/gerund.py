"""An -ing form needs a word that calls for it.

A model trained on "look forward to see" -> "seeing" may put an -ing form where nothing asks for one
("it was great to hear from you" -> "to hearing", "a car park" -> "car parking", "more free time" ->
"freeing time"). A learner's missing -ing shows in the words before it: a form of "be" (the
progressive), a preposition ("before leaving"), a verb that takes the -ing form ("enjoy", "avoid"),
"look forward to" / "be used to", a perception verb with its object ("I saw them play" ->
"playing"), or the sentence's start (a subject: "Swim is good" -> "Swimming"). An edit that makes an
-ing form where none of these is there is doubtful (`unprompted`); the service asks 4 nats more. So
is an -ing form for a participle after "be" (`passive_to_progressive`: "was covered" -> "was covering"),
or for an adjective after "be" that ends its clause (`adjective_to_progressive`: "the rules aren't
clear." -> "clearing"), and a base form for the -ing form after a "to" that is a preposition (`to_as_preposition`: "advantages to
living" -> "to live").
"""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime.forms import BE, form_kinds, lemmas, norm
from miniserve.tutor.runtime.gate import Edit

BE_WORDS = frozenset(BE) | {"'m", "'re", "'s", "i'm", "you're", "we're", "they're", "he's", "she's", "it's",
                            "there's", "that's"}
PREPOSITIONS = frozenset(("of", "for", "about", "without", "by", "in", "on", "at", "after", "before", "from",
                          "instead", "like", "besides", "despite", "since", "while", "when", "through", "against",
                          "into", "upon", "than", "with", "including", "worth", "busy", "how", "what", "start",
                          "stop", "keep"))
TAKES_ING = frozenset(("enjoy", "mind", "finish", "avoid", "suggest", "consider", "keep", "stop", "practise",
                       "practice", "miss", "recommend", "risk", "imagine", "admit", "deny", "postpone", "delay",
                       "quit", "go", "start", "begin", "continue", "like", "love", "hate", "prefer", "try",
                       "remember", "forget", "regret", "stand", "fancy", "appreciate", "involve", "mention",
                       "resist", "discuss", "recall", "spend", "waste", "help", "feel", "mean", "come", "need"))
TO_TAKES_ING = frozenset(("forward", "used", "accustomed", "committed", "dedicated", "devoted", "addicted",
                          "object", "objected", "opposed", "addition", "comes", "regard", "respect", "key",
                          "close", "adjust", "adapt", "contribute", "admitted", "confess"))
# nouns after which "to" is a preposition ("the key to learning", "an alternative to driving")
NOUNS_BEFORE_TO = frozenset(("advantage", "advantages", "disadvantage", "disadvantages", "key", "approach",
                             "alternative", "alternatives", "solution", "solutions", "contribution", "reaction",
                             "attitude", "objection", "commitment", "introduction", "access", "addiction", "return",
                             "response", "resistance", "preference", "dedication", "devotion", "obstacle"))
PERCEIVE = frozenset(("see", "hear", "watch", "notice", "feel", "find", "smell", "imagine", "catch", "leave"))
AFTER_NOUN = frozenset(("difficulty", "difficulties", "trouble", "problems", "problem", "fun", "time"))
# adjectives that are verbs too, which lemminflect lists as verbs only ("The list is not complete." -> "completing")
ADJECTIVES_ALSO_VERBS = frozenset(("complete", "correct", "perfect", "clean", "clear", "empty", "free", "open", "dry",
                                   "separate", "tidy", "calm", "quiet", "ready", "busy", "secure", "close", "equal"))
SKIPPED = frozenset(("not", "n't", "never", "always", "still", "just", "also", "really", "even", "only", "all",
                     "both", "often", "usually", "already", "ever", "actually", "simply", "again", "together"))
LEAD_BREAKS = frozenset((",", ";", ":", "(", "and", "or", "but"))
# words that may end what follows "be" + an adjective, where a progressive would go on to its object
CLAUSE_ENDS = frozenset(("and", "or", "but", "so", "because", "when", "if", "enough", "anymore", "now", "yet",
                         "too", "again", "either", "at", "all", "any", "more"))
# after a thing's "be" an adjective may go on with a preposition ("it was not clear in your letter"); after a
# person's, the -ing form of a verb may ("I am live in London" -> "living")
ADJECTIVE_PREPOSITIONS = frozenset(("in", "to", "for", "about", "with", "on", "from", "of", "until", "tonight", "today"))
PERSONS = frozenset(("i", "you", "we", "they", "he", "she"))


def unprompted(toks: list[str], edit: Edit) -> bool:
    """Does the edit make an -ing form (from a word that is not one) where no word before calls for it?"""
    new = [norm(t) for t in edit.new if t[:1].isalpha()]
    old = [norm(t) for t in toks[edit.start:edit.end] if t[:1].isalpha()]
    if len(new) != 1 or "ing" not in form_kinds(new[0]) or not old or any("ing" in form_kinds(w) for w in old):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha() or t in LEAD_BREAKS]
    while before and (before[-1] in SKIPPED or before[-1].endswith("ly")):
        before.pop()
    if not before or before[-1] in LEAD_BREAKS and _ing_before(toks, edit.start):
        return False  # a subject ("Swim is fun"), or one of a list of -ing forms ("reading and write")
    last = before[-1]
    if last in BE_WORDS or last in PREPOSITIONS or _lemmas(last) & TAKES_ING:
        return False
    if last == "to" and len(before) >= 2 and (before[-2] in TO_TAKES_ING or before[-2] == "forward"):
        return before[-2] == "used" and _a_things_passive(before[:-2])
    if last in AFTER_NOUN or any(_lemmas(w) & {"spend", "waste"} for w in before[-4:-1]):
        return False  # "spend more time read books", "have trouble understand"
    return not any(_lemmas(w) & PERCEIVE for w in before[-3:-1])


THING_PRONOUNS = frozenset(("it", "this", "that", "which", "what"))
MODALS = frozenset(("will", "would", "can", "could", "should", "must", "may", "might", "shall"))


def _a_things_passive(lead: list[str]) -> bool:
    """Do the words before "used to" read as a thing's passive ("the money from this tax were", "it
    should be", "which is"): a form of "be" after "it", "this", "which" or a singular noun? A person is
    used to doing something; a thing is used to do it ("The money was used to build a school")."""
    while lead and (lead[-1] in SKIPPED or lead[-1] in MODALS):
        lead = lead[:-1]
    if len(lead) < 2 or lead[-1] not in BE_WORDS - {"'m", "'re", "am", "are"}:
        return False
    k = len(lead) - 2
    while k > 0 and (lead[k] in SKIPPED or lead[k] in MODALS):
        k -= 1
    subject = lead[k]
    return subject in THING_PRONOUNS or (subject not in PERSONS and _one_thing(subject))


def _one_thing(word: str) -> bool:
    """A noun in its singular ("money", "tax"): a person ("my brother is used to") is doubted with it,
    where learners write a pronoun or a plural ("I am not used to", "Some students are not used to")."""
    return word in lemminflect.getAllLemmas(word, upos="NOUN").get("NOUN", ()) and "third" not in form_kinds(word)


def to_as_preposition(toks: list[str], edit: Edit) -> bool:
    """Does the edit trade an -ing form after a "to" that is a preposition for the base form
    ("advantages to living" -> "to live", "I look forward to seeing" -> "to see")? After a noun or
    a phrase that takes "to" + -ing, the -ing form is right."""
    new = [norm(t) for t in edit.new if t[:1].isalpha()]
    old = [norm(t) for t in toks[edit.start:edit.end] if t[:1].isalpha()]
    if len(new) != 1 or len(old) != 1 or "ing" not in form_kinds(old[0]) or "base" not in form_kinds(new[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if len(before) < 2 or before[-1] != "to":
        return False
    lead = before[-2]
    return lead in TO_TAKES_ING or lead in NOUNS_BEFORE_TO or (not lemmas(lead) and lead.endswith("s") and len(lead) > 3)


PARTICLES = frozenset(("away", "on", "off", "up", "down", "out", "in", "back", "into", "by", "aside", "together"))


def passive_to_progressive(toks: list[str], edit: Edit) -> bool:
    """Does the edit trade a participle after "be" for the -ing form ("the street was still covered"
    -> "covering")? Both read well; the learner most likely meant what was written."""
    new = [norm(t) for t in edit.new if t[:1].isalpha()]
    old = [norm(t) for t in toks[edit.start:edit.end] if t[:1].isalpha()]
    if len(new) != 1 or len(old) != 1 or "ing" not in form_kinds(new[0]):
        return False
    kinds = form_kinds(old[0])
    after = next((norm(t) for t in toks[edit.end:] if not t.isspace()), "")
    # a participle that is also the base ("put", "cut", "set") reads as passive before a particle or the
    # clause's end ("they are put away"), and as a learner's progressive before an object ("I am put the books")
    passive_base = "base" in kinds and (after in PARTICLES or not after[:1].isalpha())
    if "participle" not in kinds or "base" in kinds and not passive_base or not lemmas(old[0]) & lemmas(new[0]):
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    while before and (before[-1] in SKIPPED or before[-1].endswith("ly")):
        before.pop()
    return bool(before) and before[-1] in BE_WORDS


def adjective_to_progressive(toks: list[str], edit: Edit) -> bool:
    """Does the edit turn an adjective after "be" into an -ing form where nothing follows it in its
    clause, or only a preposition after a thing's "be" ("the rules aren't clear." -> "clearing", "it was
    not clear in your letter" -> "clearing"; "the shop is open until six", "I am live in London" stay)? A learner who
    left out the -ing of "be cleaning" goes on to its object ("I am clean my room"); an adjective that
    ends the clause was most likely meant. The adjective is one in lemminflect's dictionary."""
    new = [norm(t) for t in edit.new if t[:1].isalpha()]
    old = [norm(t) for t in toks[edit.start:edit.end] if t[:1].isalpha()]
    if len(new) != 1 or len(old) != 1 or "ing" not in form_kinds(new[0]) or not lemmas(old[0]) & lemmas(new[0]):
        return False
    if old[0] not in lemminflect.getAllLemmas(old[0], upos="ADJ").get("ADJ", ()) and old[0] not in ADJECTIVES_ALSO_VERBS:
        return False
    before = [norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    while before and (before[-1] in SKIPPED or before[-1].endswith("ly") or before[-1] in ("so", "very", "quite", "too")):
        before.pop()
    if not before or before[-1] not in BE_WORDS:
        return False
    after = next((t for t in toks[edit.end:] if not t.isspace()), "")
    person = len(before) >= 2 and before[-2] in PERSONS
    return (not after or not after[:1].isalnum() or norm(after) in CLAUSE_ENDS
            or norm(after) in ADJECTIVE_PREPOSITIONS and not person)


def _lemmas(word: str) -> frozenset[str]:
    return lemmas(word) | {word}


def _ing_before(toks: list[str], end: int) -> bool:
    return any(t[:1].isalpha() and "ing" in form_kinds(norm(t)) for t in toks[:end])
