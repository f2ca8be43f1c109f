"""Learner-like verb errors for a real, correct English sentence, found by conservative rules.

No tagger is used (none that is maintained ships an English model on PyPI or in Debian: see
docs/model.md). The sentence being correct is the evidence instead: a rule only fires where a
subject and its verb are found with confidence, and the written form must agree with what the rule
read (a singular subject with "is", a plural one with "are"), so a misread subject fires nothing.
A subject far from its verb is parsed.py's (the Link Grammar parser finds it).
Each `Edit` replaces one verb word (or puts a stray "to" before it); nothing else changes.

`classes` names what a sentence has of the kinds a tutor must leave alone (imperatives, generic
plurals, nouns that can be verbs, modals and "have to", coordinated verbs, "there is/are").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from miniserve.tutor.corpus import wordnet
from miniserve.tutor.runtime.forms import lemmas as table_lemmas
from miniserve.tutor.runtime.guard import tokens
from miniserve.tutor.runtime.inflect import MODALS, forms, is_form, misspellings, noun_lemmas, verb_lemmas
from miniserve.tutor.runtime.verbs import regular_past

THIRD = frozenset(("he", "she", "it"))
OTHER = frozenset(("i", "you", "we", "they"))
NEEDS_BOUNDARY = frozenset(("it", "you"))  # also object pronouns: a subject only where a clause starts
BOUNDARY_WORDS = frozenset(("and", "but", "or", "so", "because", "when", "while", "if", "that", "although",
                            "though", "since", "after", "before", "until", "where", "as", "then", "once"))
ADVERBS = frozenset(("always", "often", "never", "usually", "also", "really", "still", "just", "only",
                     "sometimes", "rarely", "seldom", "even", "already", "actually", "generally", "finally",
                     "suddenly", "certainly", "probably", "hardly", "simply", "normally", "mostly"))
SINGULAR_DETS = frozenset(("a", "an", "this", "every", "each"))
POSSESSIVE_DETS = frozenset(("the", "my", "his", "her", "its", "our", "their", "your"))
PLURAL_DETS = frozenset(("many", "most", "some", "all", "these", "those", "both", "few", "several", "two",
                         "three", "four", "five", "ten"))
IRREGULAR_PLURALS = frozenset(("people", "children", "men", "women", "police", "feet", "teeth", "mice"))
# A subjunctive reads like a missing -s ("I suggest he go"): no agreement error in such sentences.
SUBJUNCTIVE = frozenset(("suggest", "suggested", "suggests", "insist", "insisted", "demand", "demanded",
                         "recommend", "recommended", "require", "required", "essential", "important", "lest"))
BE_SWAP = {"is": "are", "are": "is", "was": "were", "were": "was", "isn't": "aren't", "aren't": "isn't",
           "wasn't": "weren't", "weren't": "wasn't"}
HAVE_SWAP = {"has": "have", "have": "has", "hasn't": "haven't", "haven't": "hasn't"}
DO_SWAP = {"does": "do", "do": "does", "doesn't": "don't", "don't": "doesn't"}
SINGULAR_FORMS = frozenset(("is", "was", "isn't", "wasn't", "has", "hasn't", "does", "doesn't"))
PLURAL_FORMS = frozenset(("are", "were", "aren't", "weren't", "have", "haven't", "do", "don't"))
BE = frozenset(("is", "are", "am", "was", "were", "be", "been", "being", "isn't", "aren't", "wasn't", "weren't"))
HAVE = frozenset(("has", "have", "had", "hasn't", "haven't", "hadn't"))
GERUND_TRIGGERS = frozenset(("enjoy", "enjoys", "enjoyed", "avoid", "avoids", "avoided", "finish", "finished",
                             "finishes", "mind", "minds", "practise", "practice", "practised", "practiced",
                             "consider", "considered", "considers", "keep", "keeps", "kept", "suggest",
                             "suggested", "suggests", "imagine", "miss", "missed", "risk", "risked", "quit"))
TO_TRIGGERS = frozenset(("want", "wants", "wanted", "need", "needs", "needed", "try", "tries", "tried", "going",
                         "able", "decide", "decided", "decides", "hope", "hoped", "hopes", "plan", "planned",
                         "learn", "learned", "learnt", "like", "likes", "liked", "would", "refuse", "refused",
                         "agree", "agreed", "promise", "promised", "seem", "seems", "seemed", "began", "begin",
                         "begins", "start", "started", "continue", "continued", "forget", "forgot", "manage",
                         "managed", "afford", "expect", "expected", "wish", "wished", "prefer", "preferred",
                         "have", "has", "had", "ought", "used", "intend", "intended"))
DETERMINERS = SINGULAR_DETS | POSSESSIVE_DETS | PLURAL_DETS | {"free", "good", "strong"}  # "the will to live"
PAST_TIME = re.compile(r"\b(yesterday|ago|last (night|week|month|year|summer|winter|spring|autumn|weekend|time|"
                       r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)|in (1[5-9]\d\d|200\d|201\d)|"
                       r"the other day|when (i|he|she|we|they) (was|were) (young|a child|little|children))\b")
# The explanation's name for each kind, and the learners' error class it counts toward
# (the shares in LEARNER_ERRORS: tense, verb form, agreement, inflection).
CATEGORY = {"agreement": "agreement", "plural_s": "agreement", "aux_agreement": "agreement",
            "base": "form", "modal_to": "form", "gerund": "form", "participle": "form", "passive": "form",
            "past_marker": "tense", "if_past": "tense", "past": "inflection", "spelling": "inflection"}


@dataclass(frozen=True)
class Edit:
    index: int  # token position of the verb in `tokens(sentence)`
    wrong: str  # what a learner writes there ("to go" puts a stray "to" before the verb)
    right: str  # what the sentence has
    kind: str  # a key of CATEGORY (and of corpus3's explanations)
    base: str
    trigger: str  # the word the explanation points to ("can", "he", "enjoy"), or a form's name

    @property
    def category(self) -> str:
        return CATEGORY[self.kind]


@dataclass(frozen=True)
class Subject:
    start: int  # word position of the subject's first word
    end: int  # word position just after it
    number: str  # "third" (he, she, it, a singular noun) or "other" (I, you, plurals)
    pronoun: bool


class Reading:
    """One sentence's words (positions into its token list) and the rules that read them."""

    def __init__(self, sentence: str):
        self.sentence = sentence
        self.toks = tokens(sentence)
        self.pos = [i for i, t in enumerate(self.toks) if t[0].isalpha()]
        self.words = [self.toks[i].lower() for i in self.pos]
        self.text = " ".join(self.words)
        self.subjunctive = any(w in SUBJUNCTIVE for w in self.words)

    def boundary(self, k: int) -> bool:
        """Does a clause start at word k (sentence start, after a comma or a conjunction)?"""
        if k == 0:
            return True
        between = "".join(self.toks[self.pos[k - 1] + 1:self.pos[k]])
        return any(c in between for c in ",;:") or self.words[k - 1] in BOUNDARY_WORDS

    def word(self, k: int) -> str:
        return self.words[k] if 0 <= k < len(self.words) else ""

    # --- subjects -----------------------------------------------------------------------
    def subjects(self):
        for k, w in enumerate(self.words):
            if w in THIRD | OTHER and (w not in NEEDS_BOUNDARY or self.boundary(k)):
                yield Subject(k, k + 1, "third" if w in THIRD else "other", True)
            elif self.boundary(k) and (noun := self._noun_subject(k)):
                yield noun

    def _noun_subject(self, k: int) -> Subject | None:
        """Det (+ one adjective) + noun at a clause start, or a bare plural ("People", "Most students")."""
        w = self.words[k]
        if w in SINGULAR_DETS | POSSESSIVE_DETS | PLURAL_DETS:
            head = k + 1
            if self._adjective(self.word(head)) and self._noun(self.word(head + 1)):
                head += 1
            noun = self.word(head)
            number = self._noun(noun)
            if not number or (w in SINGULAR_DETS and number != "third") or (w in PLURAL_DETS and number != "other"):
                return None
            return Subject(k, head + 1, number, False)
        if self._noun(w) == "other" and (k == 0 or self.toks[self.pos[k]].islower()):
            return Subject(k, k + 1, "other", False)  # a generic plural: "People spend ..."
        return None

    @staticmethod
    def _adjective(w: str) -> bool:
        return w in wordnet.words("adj") and not noun_lemmas(w) and not verb_lemmas(w)

    @staticmethod
    def _noun(w: str) -> str | None:
        """"third" for a singular noun, "other" for a plural one, None when unsure or a verb too."""
        lemmas = noun_lemmas(w)
        if not lemmas or verb_lemmas(w) and w not in IRREGULAR_PLURALS:
            return None
        if w in IRREGULAR_PLURALS or (w.endswith("s") and w not in lemmas):
            return "other"
        return "third" if w in lemmas and not w.endswith("s") else None

    # --- the verb after a subject ------------------------------------------------------
    def verb_after(self, subject: Subject) -> int | None:
        k = subject.end
        if self.word(k) in ADVERBS:
            k += 1
        return k if k < len(self.words) else None


def plain_base(word: str) -> str | None:
    """The lemma when `word` is a verb's base and no other verb's form ("saw" is "see" too)."""
    lemma = is_form(word, "VB")
    return lemma if lemma == word.lower() and verb_lemmas(word) == (lemma,) else None


def _agreement(r: Reading, s: Subject, k: int) -> list[Edit]:
    w, i = r.words[k], r.pos[k]
    written = r.toks[i]
    if w in BE_SWAP or w in HAVE_SWAP or w in DO_SWAP:
        expects_singular = s.number == "third" or (r.words[s.start] == "i" and w in ("was", "wasn't"))
        if (w in SINGULAR_FORMS or w in ("was", "wasn't")) != expects_singular:
            return []  # the written form disagrees with our reading of the subject: we misread it
        swap = {**BE_SWAP, **HAVE_SWAP, **DO_SWAP}[w]
        base = "be" if w in BE_SWAP else "have" if w in HAVE_SWAP else "do"
        return [Edit(i, _case(swap, written), written, "aux_agreement", base, r.toks[r.pos[s.start]])]
    if not s.pronoun and noun_lemmas(w):
        return []  # "The bus stops": a noun as likely as a verb
    if s.number == "third" and (lemma := is_form(w, "VBZ")) and not r.subjunctive:
        f = forms(lemma)
        if f and f.past != f.base and lemma not in ("be", "have", "do"):
            return [Edit(i, f.base, written, "agreement", f.base, "")]
    if s.number == "other" and (lemma := plain_base(w)) and lemma not in ("be", "have", "do"):
        f = forms(lemma)
        if f:
            return [Edit(i, f.third, written, "plural_s", f.base, "")]
    return []


def _tense(r: Reading, s: Subject, k: int) -> list[Edit]:
    """A past verb where the sentence itself shows the past: a time phrase, or an unreal "if"."""
    w, i = r.words[k], r.pos[k]
    unreal_if = s.pronoun and r.word(s.start - 1) == "if" and "would" in r.words[k + 1:]
    if not (PAST_TIME.search(r.text) or unreal_if):
        return []
    if w in ("was", "were"):
        present = {"was": "is" if s.number == "third" else "am", "were": "are"}[w]
        if (w == "was") != (s.number == "third" or r.words[s.start] == "i") or unreal_if:
            return []
        return [Edit(i, present, r.toks[i], "past_marker", "be", "")]
    lemma = is_form(w, "VBD")
    f = forms(lemma) if lemma else None
    if not f or f.past == f.base or (not s.pronoun and noun_lemmas(w)):
        return []
    wrong = f.third if s.number == "third" else f.base
    return [Edit(i, wrong, r.toks[i], "if_past" if unreal_if else "past_marker", f.base, "if" if unreal_if else "")]


def _after_trigger(r: Reading) -> list[Edit]:
    """Forms fixed by the word before: modal + base, have + participle, be + participle,
    to + base, enjoy/look forward to + -ing."""
    edits = []
    for k in range(1, len(r.words)):
        w, prev, i = r.words[k], r.words[k - 1], r.pos[k]
        before = r.toks[r.pos[k - 1]]
        if (prev in MODALS and r.word(k - 2) not in DETERMINERS and (lemma := plain_base(w))
                and (f := forms(lemma)) and lemma not in ("be", "have")):
            edits.append(Edit(i, "to " + r.toks[i], r.toks[i], "modal_to", f.base, before))
            wrong = f.third if f.past == f.base else f.past
            edits.append(Edit(i, wrong, r.toks[i], "base", f.base, before))
        elif prev in HAVE | BE and (lemma := is_form(w, "VBN")) and (f := forms(lemma)) and f.past != f.participle \
                and lemma not in ("be", "have"):
            edits.append(Edit(i, f.past, r.toks[i], "passive" if prev in BE else "participle", f.base, before))
        elif prev == "to" and r.word(k - 2) in TO_TRIGGERS and (lemma := plain_base(w)) and not noun_lemmas(w):
            f = forms(lemma)
            if f and lemma not in ("be", "have"):
                edits.append(Edit(i, f.ing if k % 2 else f.past, r.toks[i], "base", f.base, "to"))
        elif prev in GERUND_TRIGGERS or (r.words[k - 2:k] == ["forward", "to"] and r.word(k - 3).startswith("look")):
            if (lemma := is_form(w, "VBG")) and (f := forms(lemma)) and not noun_lemmas(w):
                trigger = "look forward to" if prev == "to" else before
                edits.append(Edit(i, f.base, r.toks[i], "gerund", f.base, trigger))
    return edits


def _spelling(r: Reading, verbs: set[int]) -> list[Edit]:
    """A misspelled form in place of a verb the rules found (a non-word a learner builds)."""
    edits = []
    for k in verbs:
        w, i = r.words[k], r.pos[k]
        for lemma in verb_lemmas(w):
            f = forms(lemma)
            for wrong, (right, name) in (misspellings(f).items() if f else ()):
                if right == w and lemma in table_lemmas(right):  # the explanation names the lemma
                    past_irregular = name == "past tense" and right != f.base and wrong == regular_past(f.base)
                    edits.append(Edit(i, _case(wrong, r.toks[i]), r.toks[i], "past" if past_irregular else "spelling",
                                      f.base, name))
    return edits


def _case(word: str, like: str) -> str:
    return word[0].upper() + word[1:] if like[0].isupper() else word


def edits(sentence: str) -> list[Edit]:
    """Every error the rules can put into this sentence with confidence (at most one per kind and word)."""
    r = Reading(sentence)
    found: list[Edit] = []
    verbs: set[int] = set()
    for s in r.subjects():
        k = r.verb_after(s)
        if k is None:
            continue
        verbs.add(k)
        found += _agreement(r, s, k) + _tense(r, s, k)
    found += _after_trigger(r)
    verbs |= {r.pos.index(e.index) for e in found}
    verbs |= {k for k in range(1, len(r.words)) if r.words[k - 1] in BE and is_form(r.words[k], "VBG")}
    found += _spelling(r, verbs)
    unique = {(e.index, e.kind): e for e in found if e.wrong.lower() != e.right.lower()}
    return list(unique.values())


def apply(sentence: str, chosen: list[Edit]) -> str:
    toks = tokens(sentence)
    for e in chosen:
        toks[e.index] = e.wrong
    return "".join(toks)


def classes(sentence: str) -> frozenset[str]:
    """Which of the kinds a tutor damages most this correct sentence has ("clause": it has a finite verb)."""
    r = Reading(sentence)
    found = set()
    if any(w in BE | HAVE | MODALS or is_form(w, "VBZ") or is_form(w, "VBD") for w in r.words):
        found.add("clause")  # a finite verb: a sentence, not a phrase
    lead = 1 if r.word(0) in ("so", "and", "please", "then", "now") else 0
    first = r.word(lead)
    if first in ("don't", "please", "let", "never") or (is_form(first, "VB") == first and first not in THIRD | OTHER
                                                         and not noun_lemmas(first)):
        found.add("imperative")
    if any(not s.pronoun and s.number == "other" for s in r.subjects()):
        found.add("generic_plural")
    for k in range(1, len(r.words)):
        w, prev = r.words[k], r.words[k - 1]
        if (prev in SINGULAR_DETS | POSSESSIVE_DETS or r._adjective(prev)) and noun_lemmas(w) and verb_lemmas(w):
            found.add("noun_verb")
        if prev in MODALS or (prev in ("have", "has", "had") and w == "to"):
            found.add("modal")
        if prev == "and" and any(is_form(w, tag) and any(is_form(v, tag) for v in r.words[:k - 1])
                                 for tag in ("VBZ", "VBD")):
            found.add("coordination")
        if prev == "there" and w in BE:
            found.add("there")
    return frozenset(found)
