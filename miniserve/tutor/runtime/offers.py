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
subject the parser linked the verb to. The offers that need no parser (a past form where a time
phrase calls for it, tense.py; a form a fixed pattern calls for, patterns.py) join the parser's and
are gated the same way. The numbers behind the constants are in docs/model.md.
"""

from __future__ import annotations

import lemminflect

from miniserve.tutor.runtime import patterns, quantifiers, relatives
from miniserve.tutor.runtime.agreement import ADVERBS, COST_SLACK, agreement_change, doubt
from miniserve.tutor.runtime.constraint import alternatives
from miniserve.tutor.runtime.explanation import Change, from_edit
from miniserve.tutor.runtime.forms import aux_family, form_kinds, lemmas, norm, participle_spellings, respelled, stems
from miniserve.tutor.runtime.gate import Edit
from miniserve.tutor.runtime.parser import Parse
from miniserve.tutor.runtime.verbs import ing_form, regular_past, third_person

STRAINED_COST = 1.5  # a cleanly linked input reading at least this costly is worth trying flips on
# Nats an offer may fall short of the gate's threshold (2.0 by default: an offer the model finds up
# to 2 nats less likely than the input passes). Chosen on the learner-style dev half.
OFFER_ALLOWANCE = 4.0
PAST_BE = frozenset(("was", "were", "wasn't", "weren't"))
NOT_FLIPPED = frozenset(("am", "be", "been", "being"))  # "I am" has no other number; a bare "be" is no finite verb
# what the parser links as a subject but a person would not call one
NO_SUBJECT = frozenset(("and", "or", "but", "who", "which", "that", "whom", "what", "there", "it"))



def _past(word: str) -> bool:
    w = norm(word)
    kinds = form_kinds(w)
    return w in PAST_BE or ("past" in kinds and "base" not in kinds and "third" not in kinds)


def _after_auxiliary(toks: list[str], i: int) -> bool:
    """Is the word at i a verb after an auxiliary or "to" ("doesn't agree", "will go"): not finite?"""
    before = next((norm(t) for t in reversed(toks[:i]) if not t.isspace() and norm(t) not in ADVERBS), "")
    return aux_family(before) is not None


def flips(toks: list[str]) -> list[Edit]:
    """Each finite verb of the sentence in the other number, same tense, where the guard allows the
    edit and the word rules see nothing against it."""
    return [edit for edit in number_flips(toks) if doubt(toks, edit.start, edit.end, edit.new) == 0.0
            and not quantifiers.contradicts(toks, edit) and not relatives.contradicts(toks, edit)
            and not patterns.finite_after_an_ing_verb(toks, edit)]


def number_flips(toks: list[str]) -> list[Edit]:
    """Each finite verb of the sentence in the other number, same tense, where the guard allows it."""
    found = []
    for i, word in enumerate(toks):
        if not word[:1].isalpha() or norm(word) in NOT_FLIPPED or _after_auxiliary(toks, i):
            continue
        for other in alternatives(toks, i):
            if other != word and norm(other) not in NOT_FLIPPED and _past(other) == _past(word) \
                    and agreement_change(toks, i, i + 1, (other,)):
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


def misbuilt(toks: list[str]) -> list[Edit]:
    """Each misbuilt verb form that is no other word, respelled as the form it misspells ("studing" ->
    "studying", "complainned" -> "complained", "occured" -> "occurred"; "have choosed" -> "have chosen":
    after "have" or "be" the participle). Not a word lemminflect knows in another sense ("planed" is a
    carpenter's) and no name (capitalised mid-sentence): for these the rule alone decides (`decides`);
    the model copies rare tokens well and scores their fix 2-3 nats under the input. The rest go to
    the parser (`respellings`)."""
    found = []
    for i, word in enumerate(toks):
        if not word.isalpha() or (word[:1].isupper() and i > 0) or not _misbuilt_only(norm(word)):
            continue
        rights = respelled(word)
        if len(rights) != 1:
            continue
        right = _base_after_a_modal(toks, i, _participle_after_have_or_be(toks, i, _lay_of_lie(toks, i, rights[0])))
        right = _base_of_a_joined_infinitive(toks, i, right)
        right = right[:1].upper() + right[1:] if word[:1].isupper() else right
        if right in alternatives(toks, i) or right.endswith("ing") and norm(word).endswith("ing"):
            found.append(Edit(i, i + 1, (right,)))  # an -ing form stays one ("for comming": the guard sees a noun)
    return found


def _misbuilt_only(word: str) -> bool:
    """Is `word` no word lemminflect knows, or one it lists only as a form of the verb it misbuilds
    with a consonant left single ("occured", "refered": it has seen them as learners write them)? Not
    a regular past it lists beside an irregular one: "payed" and "costed" are learners' errors, but
    "lighted", "hanged" and "flied" are English (WordNet's examples have them); those the parser and
    the model judge."""
    known = lemminflect.getAllLemmas(word)
    if not known:
        return True
    rights = respelled(word)
    return (set(known) == {"VERB"} and set(known["VERB"]) <= lemmas(word) and len(rights) == 1
            and len(rights[0]) == len(word) + 1 and any(rights[0][:k] + rights[0][k + 1:] == word and rights[0][k] == rights[0][k - 1]
                                                          for k in range(1, len(rights[0]))))


LYING_AFTER = frozenset(("in", "on", "down", "there", "awake", "still", "under", "beside", "next", "by", "for"))


def _lay_of_lie(toks: list[str], i: int, right: str) -> str:
    """"layed" with no object, a place or "down" after it, is the past of "lie" ("I layed in the snow" -> "lay"), not
    of "lay" ("laid", which takes an object: "she layed the table")."""
    after = next((norm(t) for t in toks[i + 1:] if t[:1].isalpha()), "")
    return "lay" if norm(toks[i]) == "layed" and right == "laid" and after in LYING_AFTER else right


def _participle_after_have_or_be(toks: list[str], i: int, right: str) -> str:
    """The participle for a past after "have" or "be" ("I have choosed" -> "chosen"), else `right`."""
    if not _after_have_or_be(toks, i) or "past" not in form_kinds(right):
        return right
    participles = sorted(f for lemma in lemmas(right) for f in participle_spellings(lemma))
    return participles[0] if len(participles) == 1 else right


BASE_LEADS = frozenset(("will", "would", "can", "could", "shall", "should", "may", "might", "must", "won't", "wouldn't",
                        "can't", "cannot", "couldn't", "shouldn't", "mustn't", "to", "do", "does", "did", "don't",
                        "doesn't", "didn't"))


def _base_before(toks: list[str], i: int) -> str | None:
    """The modal, "to" or "do" right before the word at i, adverbs between ("will never drived"), if any."""
    before = next((norm(t) for t in reversed(toks[:i]) if not t.isspace() and norm(t) not in ADVERBS and norm(t) != "not"
                   and not (norm(t).endswith("ly") and lemminflect.getAllLemmas(norm(t), upos="ADV"))), "")
    return before if before in BASE_LEADS else None


def _base_after_a_modal(toks: list[str], i: int, right: str) -> str:
    """The base form for a past after a modal, "to" or "do" ("fewer people will drived" -> "drive", not "drove"),
    else `right`."""
    verbs = sorted(lemmas(right))
    if _base_before(toks, i) is None or "past" not in form_kinds(right) or len(verbs) != 1:
        return right
    return verbs[0]


def _base_of_a_joined_infinitive(toks: list[str], i: int, right: str) -> str:
    """The base form for an -ing form after "and to" where an infinitive comes before it in the clause ("to keep a
    diary and to writting a summary" -> "write", not "writing"): the second "to" is the first's, an infinitive's
    too. Else `right`."""
    verbs = sorted(lemmas(right))
    before = [norm(t) for t in toks[:i] if not t.isspace()]
    if not right.endswith("ing") or len(verbs) != 1 or before[-2:] not in (["and", "to"], ["or", "to"]):
        return right
    for k in range(len(before) - 3, max(len(before) - 12, 1), -1):
        w = before[k]
        if w in (",", ";", ":", ".", "that", "who", "which", "because", "when", "if"):
            return right
        if before[k - 1] == "to":  # not "look forward to meeting you and to writting": a preposition's "to"
            return verbs[0] if before[k - 2] != "forward" and w in lemminflect.getAllLemmas(w).get("VERB", ()) else right
    return right


FORM_NAMES = {"past": "past tense", "participle": "past participle", "ing": "-ing form", "third": "-s form"}


def named(toks: list[str], edit: Edit) -> str:
    """What a respelling says: the verb and its form ("The -ing form of 'study' is spelled 'studying',
    not 'studing'.")."""
    old, new = toks[edit.start], edit.new[0]
    kinds = form_kinds(norm(new))
    if "participle" in kinds and _after_have_or_be(toks, edit.start):
        kinds = {"participle"}
    kind = next((k for k in FORM_NAMES if k in kinds), None)
    verbs = sorted(lemmas(norm(new)))
    if norm(old) == "layed" and norm(new) == "lay":
        return f"The past tense of 'lie' is '{new}', not '{old}'."
    lead = _base_before(toks, edit.start)
    if lead is not None and verbs == [norm(new)]:
        return f"After '{lead}', use the base form '{new}', not '{old}'."
    if kind is None or len(verbs) != 1:
        return from_edit([Change((old,), (new,))])
    if regular_past(verbs[0]) == norm(old) and kind in ("past", "participle"):
        return f"The {FORM_NAMES[kind]} of '{verbs[0]}' is the irregular form '{new}', not '{old}'."
    return f"The {FORM_NAMES[kind]} of '{verbs[0]}' is spelled '{new}', not '{old}'."


def _after_have_or_be(toks: list[str], i: int) -> bool:
    """Is the word at i right after "have" or "be", adverbs between ("has finally beginned" -> "begun")?"""
    before = next((norm(t) for t in reversed(toks[:i]) if not t.isspace() and norm(t) not in ADVERBS
                   and not (norm(t).endswith("ly") and lemminflect.getAllLemmas(norm(t), upos="ADV"))), "")
    return aux_family(before) in ("have", "be")


def decided_respellings(toks: list[str]) -> list[Edit]:
    """`misbuilt`'s respellings that the rule decides alone (`decides`)."""
    return [edit for edit in misbuilt(toks) if _rule_decides(toks, edit)]


def decides(toks: list[str], edit: Edit) -> bool:
    """Is this one of `misbuilt`'s respellings, which the rule decides whatever the model scores? Not
    where the word is also another verb's regular form ("instaled" of the British "instal"): there the
    model's score decides, as for any offer. A noun made a verb is taken as the misspelling: "wining"
    is "winning" (WordNet's "wining and dining" is the one sentence of its 41,477 examples where that
    is wrong; learners write "wining" for "winning")."""
    return edit in misbuilt(toks) and _rule_decides(toks, edit)


def _rule_decides(toks: list[str], edit: Edit) -> bool:
    """`decides` for one of `misbuilt`'s respellings (misbuilt once a sentence, not once an edit: a sentence
    of 48 misbuilt words took 100 ms)."""
    word = norm(toks[edit.start])
    return not any(word in (regular_past(stem), ing_form(stem), third_person(stem))
                   and lemminflect.getAllInflections(stem, upos="VERB") for stem in stems(word) if stem not in lemmas(word))


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


def choice(margins: list[float], threshold: float, decided: list[bool] | None = None) -> int | None:
    """The offer to keep: the best-scoring one, if its margin reaches the threshold less the
    allowance; before any, the first one a rule decides alone (`decided`: Turn.decided)."""
    if decided and any(decided):
        return decided.index(True)
    if not margins:
        return None
    best = max(range(len(margins)), key=margins.__getitem__)
    return best if margins[best] >= threshold - OFFER_ALLOWANCE else None


def explanation(toks: list[str], edit: Edit, sentence: str, reading: Parse | str) -> str:
    """One sentence for the kept offer: for agreement the subject the parser linked the verb to in
    `sentence` (the input with the offer), when it is a word a person would call the subject; a
    fixed offer (tense.py, patterns.py) brings its own."""
    if isinstance(reading, str):
        return reading
    old, new = toks[edit.start], edit.new[0]
    if relatives.corrects(toks, edit):
        return relatives.explanation(toks, edit)
    if not agreement_change(toks, edit.start, edit.end, edit.new):
        return from_edit([Change((old,), (new,))])
    span = reading.subject_of(len("".join(toks[:edit.start])))
    subject = sentence[span[0]:span[1]] if span else ""
    if subject and subject.isalpha() and norm(subject) not in NO_SUBJECT:
        return f"The verb agrees with its subject '{subject}': use '{new}', not '{old}'."
    return f"Use '{new}', not '{old}'."
