"""Fixes the parser offers where the model proposed nothing: agreement, and misspelt verb forms.

Decoding greedily, the model returns about half of the learners' agreement errors as typed ("One of
the speakers were late"): it never proposes the fix, so no gate can pass it. The Link Grammar parser
checks agreement at any distance (parser.py), and reads a misspelt verb ("I have choosen") as an
unknown word, so for a sentence the model leaves unchanged the flow asks it, in two rounds:

1. the input: only a strained reading (a word left unlinked, or a disjunct cost of at least
   STRAINED_COST) goes on, so most correct sentences cost one parse;
2. the input with each try: each finite verb in the other number, same tense ("were" -> "was",
   "have" -> "has", "live" -> "lives"), where the word rules (agreement.doubt) say nothing against
   it, and each wrongly built verb form respelled ("choosen" -> "chosen", "planed" -> "planned":
   forms.respelled). A try the parser reads better (fewer unlinked words, or as many and a cost
   lower by more than COST_SLACK) is an offer.

The engine then scores the copy and each offer as the gate scores a proposal (teacher-forced, one
batched step), and the best-scoring offer is kept when its margin over the copy is at least the
gate's threshold minus OFFER_ALLOWANCE. The model still has a say: it picks "was" over "is" for
"were", and it vetoes what it finds much less likely than the input. The explanation names the
subject the parser linked the verb to. The numbers behind the constants are in docs/model.md.
"""

from __future__ import annotations

import re

import lemminflect

from miniserve.tutor.runtime.agreement import ADVERBS, COST_SLACK, agreement_change, doubt
from miniserve.tutor.runtime.constraint import alternatives
from miniserve.tutor.runtime.explanation import Change, from_edit
from miniserve.tutor.runtime.forms import aux_family, form_kinds, lemmas, respelled
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.parser import Parse

STRAINED_COST = 1.5  # a cleanly linked input reading at least this costly is worth trying flips on
# Nats an offer may fall short of the gate's threshold (3.0 by default: an offer the model finds up
# to 2 nats less likely than the input passes). Chosen on the learner-style dev half.
OFFER_ALLOWANCE = 5.0
PAST_BE = frozenset(("was", "were", "wasn't", "weren't"))
NOT_FLIPPED = frozenset(("am", "be", "been", "being"))  # "I am" has no other number; a bare "be" is no finite verb
# A phrase that puts a sentence in the past ("last year", "two weeks ago", "in 2015", "yesterday").
_DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
PAST_TIME = re.compile(rf"\b(yesterday|last (night|week|weekend|month|year|summer|winter|spring|autumn|time|{_DAYS})"
                       r"|(\w+ ){0,2}ago|in (19\d\d|200\d|201\d|202[0-5])|when I was (a child|young|little|a student))\b", re.I)
# the past of the forms lemminflect's verb tables do not give one for
PAST_OF = {"is": "was", "am": "was", "are": "were", "isn't": "wasn't", "aren't": "weren't",
           "don't": "didn't", "doesn't": "didn't"}
NOT_TO_PAST = frozenset(("have", "has", "haven't", "hasn't"))  # "have met ... in 2015": "met", not "had met"
LOOK = frozenset(("look", "looks", "looked", "looking"))
BE_OR_GET = frozenset(("am", "is", "are", "was", "were", "be", "been", "being", "get", "gets", "got", "getting"))
PERSONAL_SUBJECTS = frozenset(("i", "you", "we", "they", "he", "she", "people"))
PERSONAL_CONTRACTIONS = frozenset(("i'm", "you're", "we're", "they're", "he's", "she's"))
LET_MAKE = frozenset(("let", "lets", "letting", "make", "makes", "made", "making"))
OBJECT_PRONOUNS = frozenset(("me", "you", "him", "her", "us", "them", "it"))
CLAUSE_BREAKS = frozenset((",", ";", ":", "(", ")", "-", "\u2014"))
JOINING_WORDS = frozenset(("and", "but", "so", "or", "because", "while", "after", "before", "when", "if", "although",
                           "though", "until", "since", "who", "which", "that", "where", "whereas"))
# what the parser links as a subject but a person would not call one
NO_SUBJECT = frozenset(("and", "or", "but", "who", "which", "that", "whom", "what", "there", "it"))


def _norm(word: str) -> str:
    return word.lower().replace("\u2019", "'")


def _past(word: str) -> bool:
    w = _norm(word)
    kinds = form_kinds(w)
    return w in PAST_BE or ("past" in kinds and "base" not in kinds and "third" not in kinds)


def _after_auxiliary(toks: list[str], i: int) -> bool:
    """Is the word at i a verb after an auxiliary or "to" ("doesn't agree", "will go"): not finite?"""
    before = next((_norm(t) for t in reversed(toks[:i]) if not t.isspace() and _norm(t) not in ADVERBS), "")
    return aux_family(before) is not None


def flips(toks: list[str]) -> list[Edit]:
    """Each finite verb of the sentence in the other number, same tense, where the guard allows the
    edit and the word rules see nothing against it."""
    found = []
    for i, word in enumerate(toks):
        if not word[:1].isalpha() or _norm(word) in NOT_FLIPPED or _after_auxiliary(toks, i):
            continue
        for other in alternatives(toks, i):
            if other == word or _norm(other) in NOT_FLIPPED or _past(other) != _past(word):
                continue
            if agreement_change(toks, i, i + 1, (other,)) and doubt(toks, i, i + 1, (other,)) == 0.0:
                found.append(Edit(i, i + 1, (other,)))
    return found


def respellings(toks: list[str]) -> list[Edit]:
    """Each wrongly built verb form respelled as the form it stands for, where the guard allows it."""
    found = []
    for i, word in enumerate(toks):
        for right in respelled(word):
            right = right[:1].upper() + right[1:] if word[:1].isupper() else right
            if right in alternatives(toks, i):
                found.append(Edit(i, i + 1, (right,)))
    return found


def to_past(toks: list[str]) -> list[Edit]:
    """Where a phrase puts a clause in the past ("Three years ago my family moves"): each verb of that
    clause in the present, in its past form, where the guard allows it. No parser is asked: the
    model's scores decide alone (tense is what a parser cannot check)."""
    text = "".join(toks)
    marked = [m.span() for m in PAST_TIME.finditer(text)]
    if not marked:
        return []
    found = []
    for i in _clause_words(toks, marked):
        word, w = toks[i], _norm(toks[i])
        if w in NOT_TO_PAST:
            continue
        past = PAST_OF.get(w)
        if past is None:
            kinds = form_kinds(w)
            if _after_auxiliary(toks, i) or _after_do(toks, i) or "past" in kinds or not {"base", "third"} & kinds:
                continue
            past = next((p for lemma in sorted(lemmas(w)) for p in lemminflect.getInflection(lemma, "VBD")), None)
        if past is not None:
            past = past[:1].upper() + past[1:] if word[:1].isupper() else past
            if past in alternatives(toks, i):
                found.append(Edit(i, i + 1, (past,)))
    return found


def _clause_words(toks: list[str], marked: list[tuple[int, int]]) -> list[int]:
    """The words of the clauses a past-time phrase sits in, outside the phrase. Clauses end at a comma
    or a joining word ("..., but we throw", "after you launch"); a clause that is the phrase alone
    ("Last year, we go", "When I was a child, we don't") sets the time of the clause after it."""
    clauses: list[list[tuple[int, int]]] = [[]]  # per clause: (token index, its first character)
    at = 0
    for i, word in enumerate(toks):
        if word in CLAUSE_BREAKS or _norm(word) in JOINING_WORDS:
            clauses.append([])
        if word[:1].isalnum():
            clauses[-1].append((i, at))
        at += len(word)
    inside = lambda start: any(a <= start < b for a, b in marked)  # noqa: E731
    chosen, carry = [], False
    for words in clauses:
        timed = carry or any(inside(start) for _, start in words)
        carry = bool(words) and all(inside(start) for _, start in words[1:] or words)  # the phrase alone
        if timed:
            chosen += [i for i, start in words if not inside(start)]
    return chosen


def _after_do(toks: list[str], i: int) -> bool:
    """Is a do-form or modal among the three words before (a question: "Did we bite", "Can you come")?"""
    before = [_norm(t) for t in toks[:i] if t[:1].isalpha()][-3:]
    return any(aux_family(w) in ("do", "modal") for w in before)


def patterns(toks: list[str]) -> list[Edit]:
    """Fixed patterns that decide a verb's form, each a common learner error: after "look forward
    to" and "be/get used to" the -ing form ("look forward to hear" -> "hearing"; "I used to work" is
    another pattern and stays), after let/make + a pronoun the verb without "to" ("made me to jump" ->
    "made me jump"). The guard allows each edit; the model's scores gate them as any offer."""
    words = [(i, _norm(t)) for i, t in enumerate(toks) if t[:1].isalpha()]
    found = []
    for k in range(2, len(words)):
        (i, word), (_, to) = words[k], words[k - 1]
        if to != "to" or "base" not in form_kinds(word) or aux_family(word) is not None:
            continue
        lead = [w for _, w in words[max(0, k - 5):k - 1]]  # the words before "to"
        looking_forward = lead[-1:] == ["forward"] and len(lead) >= 2 and lead[-2] in LOOK
        used = lead[-1:] == ["used"] and _used_by_someone(lead[:-1])
        if looking_forward or used:
            ing = next((f for lemma in sorted(lemmas(word)) for f in lemminflect.getInflection(lemma, "VBG")), None)
            if ing is not None:
                found.append(Edit(i, i + 1, (ing,)))
        elif len(lead) >= 2 and lead[-1] in OBJECT_PRONOUNS and lead[-2] in LET_MAKE:
            start = words[k - 1][0]
            found.append(Edit(start, i, ()))  # "to" and the space after it go
    return found


def _used_by_someone(lead: list[str]) -> bool:
    """Do the words before "used" read "I am / you get (not) used", a person the subject? Where a
    thing may be ("The money was used to build a school") the passive is right, so only a personal
    pronoun or "people" counts."""
    k = len(lead) - 1
    if k >= 0 and lead[k] == "not":
        k -= 1
    if k >= 0 and lead[k] in PERSONAL_CONTRACTIONS:
        return True
    if k < 1 or lead[k] not in BE_OR_GET:
        return False
    j = k - 1 if lead[k - 1] not in ("will", "can", "could", "would", "should", "must", "never", "soon") else k - 2
    return j >= 0 and lead[j] in PERSONAL_SUBJECTS


def tries(toks: list[str]) -> list[Edit]:
    """What the parser is asked to read in place of the input."""
    return flips(toks) + respellings(toks)


def strained(parse: Parse | None) -> bool:
    """Is the input's reading strained enough to try flips on? (None: no parse, no offers.)"""
    return parse is not None and (parse.nulls > 0 or parse.cost >= STRAINED_COST)


def better(before: Parse | None, after: Parse | None) -> bool:
    """Does the parser read the sentence with the flip better than without?"""
    if before is None or after is None:
        return False
    return after.nulls < before.nulls or (after.nulls == before.nulls and after.cost < before.cost - COST_SLACK)


def choice(margins: list[float], threshold: float) -> int | None:
    """The offer to keep: the best-scoring one, if its margin reaches the threshold less the allowance."""
    if not margins:
        return None
    best = max(range(len(margins)), key=margins.__getitem__)
    return best if margins[best] >= threshold - OFFER_ALLOWANCE else None


def _fixed_explanation(toks: list[str], edit: Edit) -> str:
    """What a fixed offer (no parse) says: the pattern, or the phrase that sets the time."""
    old = toks[edit.start]
    before = [_norm(t) for t in toks[:edit.start] if t[:1].isalpha()]
    if not edit.new:  # "made me to jump" -> "made me jump"
        return f"After '{' '.join(before[-2:])}', use the verb without 'to': '{toks[edit.end]}', not 'to {toks[edit.end]}'."
    new = edit.new[0]
    if before[-2:] in (["forward", "to"], ["used", "to"]):
        phrase = "look forward to" if before[-2] == "forward" else "be used to"
        return f"After '{phrase}', use the -ing form: '{new}', not '{old}'."
    when = PAST_TIME.search("".join(toks))
    return f"The sentence speaks of the past ('{when.group(0)}'): use '{new}', not '{old}'." if when else f"Use '{new}', not '{old}'."


def explanation(toks: list[str], edit: Edit, sentence: str, parse: Parse | None) -> str:
    """One sentence for the kept offer: for agreement the subject the parser linked the verb to in
    `sentence` (the input with the offer), when it is a word a person would call the subject; for a
    fixed offer (no parse) the pattern or the phrase that sets the time."""
    if parse is None:
        return _fixed_explanation(toks, edit)
    old, new = toks[edit.start], edit.new[0]
    if not agreement_change(toks, edit.start, edit.end, edit.new):
        return from_edit([Change((old,), (new,))])
    span = parse.subject_of(len("".join(toks[:edit.start])))
    subject = sentence[span[0]:span[1]] if span else ""
    if subject and subject.isalpha() and _norm(subject) not in NO_SUBJECT:
        return f"The verb agrees with its subject '{subject}': use '{new}', not '{old}'."
    return f"Use '{new}', not '{old}'."
