"""Verbs joined by "and" share their subject, and in a story their tense: "I went to the shop and buy
some bread" -> "bought", "After dinner we sit on the beach and talked" -> "sat".

`edits(toks)`: where a sentence's subject pronoun has a past verb (one only the past has) and a
present verb joined to it by "and" with no subject of its own, the present in the past. Offered
where the model proposed nothing, and gated by the model's scores as any offer (offers.py): "I live
in London and worked in Paris before" is right, so the rule only proposes.

The second verb counts only when it is plainly a verb here: a form that agrees with the subject as a
present would ("we ... and swim", not "we ate fish and chips"), and either no noun or followed by an
object ("and buy some bread"; "a book and pen" stays). Between the two verbs only the first verb's
objects and phrases: no infinitive's "to", auxiliary, clause word, comma, or past or -ing form.
"""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime.agreement import _noun_forms
from miniserve.tutor.runtime.forms import FUNCTION_WORDS, OBJECT_STARTS, aux_family, form_kinds, indexed_words, lemmas, norm
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.tense import ALSO_A_PAST, only_past

SUBJECTS = {"i": "base", "we": "base", "they": "base", "you": "base", "he": "third", "she": "third"}
BETWEEN_ADVERBS = frozenset(("then", "also", "later", "finally", "suddenly", "immediately", "soon", "quickly", "just"))
CLAUSE_WORDS = frozenset(("that", "which", "who", "because", "when", "while", "if", "but", "so", "or", "although",
                          "where", "before", "after", "until", "since", "as"))
MAX_BETWEEN = 8
# what may follow a verb and not a noun of a pair ("and go to a restaurant", "and study all day"; "a book and pen" stays)
PARTICLES = frozenset(("to", "in", "at", "on", "into", "all", "back", "home", "out", "up", "down", "around", "away"))
PLACES = frozenset(("school", "work", "bed", "church", "town", "hospital", "university", "college", "class", "market",
                    "london", "paris", "rome", "madrid", "berlin", "england", "spain", "france", "italy"))
OBJECTS = frozenset(("me", "you", "him", "her", "us", "them", "it", "some", "any", "lots", "everything", "something"))
# words after the second verb that place it now ("I went to bed early and feel much better today")
NOW = frozenset(("now", "today", "nowadays", "currently", "anymore", "tonight"))


def _past_only(word: str) -> bool:
    """A main verb's form only the past has ("was", "had" are auxiliaries: no)."""
    return only_past(word) and aux_family(word) is None


def _present(word: str, person: str) -> bool:
    """A present form of a verb in lemminflect's dictionary that agrees with the subject's person."""
    if aux_family(word) is not None or person not in form_kinds(word) or "past" in form_kinds(word):
        return False
    lemma = word if person == "base" else next(iter(lemmas(word)), "")
    return lemma in lemminflect.getAllLemmas(lemma, upos="VERB").get("VERB", ())


def _past_of(word: str) -> str | None:
    return next((p for lemma in sorted(lemmas(word) | {word}) for p in lemminflect.getInflection(lemma, "VBD")
                 if lemma in lemminflect.getAllLemmas(lemma, upos="VERB").get("VERB", ())), None)


def _place_after(words: list[tuple[int, str]], k: int) -> bool:
    """Is the "to" at k a preposition ("went to the shop", "to school"), not an infinitive's ("told me
    to sit down and wait": "wait" is the infinitive's)?"""
    after = words[k + 1][1] if k + 1 < len(words) else ""
    return after in OBJECT_STARTS or after in PLACES


def edits(toks: list[str]) -> list[Edit]:
    """The present verb of a pair joined by "and" whose other verb is past, in its past form."""
    words = indexed_words(toks)
    subject = next((k for k, (_, w) in enumerate(words[:6]) if w in SUBJECTS), None)
    if subject is None or subject + 1 >= len(words):
        return []
    person = SUBJECTS[words[subject][1]]
    first = subject + 1 if words[subject + 1][1] not in BETWEEN_ADVERBS else subject + 2
    if first >= len(words):
        return []
    try:
        join = next(k for k in range(first + 1, min(len(words), first + MAX_BETWEEN + 2)) if words[k][1] == "and")
    except StopIteration:
        return []
    second = join + 1 if join + 1 < len(words) and words[join + 1][1] not in BETWEEN_ADVERBS else join + 2
    if second >= len(words):
        return []
    between = range(words[first][0] + 1, words[join][0])
    if any(toks[i] in (",", ";", ":") for i in between) or any(
            w in CLAUSE_WORDS or aux_family(w) not in (None, "to") or _past_only(w) or w.endswith("ing")
            or w == "to" and not _place_after(words, k) for k, (_, w) in enumerate(words[first + 1:join], first + 1)):
        return []  # "we live in vexed and troubled times": "and" joins the adjectives
    (i1, v1), (i2, v2) = words[first], words[second]
    after = words[second + 1][1] if second + 1 < len(words) else ""
    plainly = (not any(_noun_forms(v2)) or after in OBJECT_STARTS or after in OBJECTS or after in PARTICLES
               and words[second][0] + 1 < len(toks) and toks[words[second][0] + 1] == " ") and v2 not in FUNCTION_WORDS \
        and not (person == "third" and _noun_forms(v2)[1])  # "a tree and trimmings"
    # after he/she a learner's slip is the base form as often ("She opened the door and see a man")
    with_object = after in OBJECT_STARTS or after in OBJECTS
    now = any(w in NOW for _, w in words[second + 1:])
    if _past_only(v1) and (_present(v2, person) or person == "third" and _present(v2, "base") and with_object) and plainly \
            and not now:
        past = _past_of(v2)
        return [Edit(i2, i2 + 1, (past,))] if past else []
    if v1 in ALSO_A_PAST:
        return []  # "I lay in my new bed and listened": already the past of "lie"
    if _past_only(v2) and _present(v1, person) and (after in OBJECT_STARTS or after in OBJECTS or after in PARTICLES
                                                    or after in ("until", "till", "about", "for", "with", "there", "together")):
        past = _past_of(v1)
        return [Edit(i1, i1 + 1, (past[:1].upper() + past[1:] if toks[i1][:1].isupper() else past,))] if past else []
    return []


def explanation(toks: list[str], edit: Edit) -> str:
    other = next((norm(t) for k, t in enumerate(toks) if k != edit.start and t[:1].isalpha() and _past_only(norm(t))), "")
    return (f"The verbs joined by 'and' tell one story in the past ('{other}'): use '{edit.new[0]}', "
            f"not '{toks[edit.start]}'.")
