"""The guard passes verb-form corrections and withholds every other change."""

import pytest
from hypothesis import given, settings, strategies as st

from miniserve.tutor.corpus import v1 as corpus

from miniserve.tutor.evaluation import evaluate
from miniserve.tutor.runtime.forms import is_verb_form
from miniserve.tutor.runtime.guard import NO_ERROR, review, tokens, verb_edit_only

VERB_FIXES = [
    ("She have two cats.", "She has two cats."),
    ("They was at the cinema last night.", "They were at the cinema last night."),
    ("My brother don't like spinach.", "My brother doesn't like spinach."),
    ("We goes to the market every Saturday.", "We go to the market every Saturday."),
    ("Olga and Peter is from Kyiv.", "Olga and Peter are from Kyiv."),
    ("The teacher who lives next door have a red bike.", "The teacher who lives next door has a red bike."),
    ("I wants a coffee.", "I want a coffee."),
    ("He didn't saw the bus.", "He didn't see the bus."),
    ("Does she likes tea?", "Does she like tea?"),
    ("Did he went home?", "Did he go home?"),
    ("The vase was broke by the cat.", "The vase was broken by the cat."),
    ("The bridge was builded in 1990.", "The bridge was built in 1990."),
    ("The letter was wrote by Ana.", "The letter was written by Ana."),
    ("You should to study more.", "You should study more."),
    ("They were paint the fence when it rained.", "They were painting the fence when it rained."),
    ("Yesterday she walk to school.", "Yesterday she walked to school."),
    ("If I had knew the answer, I would have telled you.", "If I had known the answer, I would have told you."),
    ("He swimmed across the lake.", "He swam across the lake."),
    ("I am agree with you.", "I agree with you."),
]

DAMAGE = [
    ("The teacher walked into the room and opened the window.", "The teacher walked into the window."),
    ("She has two cats.", "She has two dogs."),
    ("She has two cats.", "she has two cats."),
    ("She has two cats.", "She has two cats"),
    ("She has two cats.", "She has  two cats."),
    ("She has two cats.", "She has two cats!"),
    ("I read two book.", "I read two books."),  # a noun after a number, not a verb
    ("He didn't see it.", "He saw it."),  # polarity lost
    ("I can swim.", "I must swim."),  # another modal, another meaning
    ("I went to school.", "I went school."),  # "to" before a noun is a preposition
    ("She goes home.", "She Goes home."),
    ("I have 2 cats.", "I have 3 cats."),
    ("He likes tea.", "He loves tea."),  # another verb, not another form
    ("He likes tea.", "He likes tea and cake."),
    ("Marta sings.", "Marta will sing now."),
    ("Marta sings.", ""),
]


@pytest.mark.parametrize("original, corrected", VERB_FIXES)
def test_verb_fixes_pass(original, corrected):
    got = review(original, corrected, "After 'x', use 'y'.")
    assert got == review(original, corrected, "After 'x', use 'y'.")
    assert (got.corrected, got.changed, got.withheld) == (corrected, True, False)


@pytest.mark.parametrize("original, corrected", DAMAGE)
def test_other_changes_are_withheld(original, corrected):
    got = review(original, corrected, "After 'x', use 'y'.")
    assert (got.corrected, got.explanation, got.changed, got.withheld) == (original, NO_ERROR, False, True)


def test_unchanged_answer_is_not_withheld():
    got = review("She has two cats.", "She has two cats.", "The sentence is correct.")
    assert (got.corrected, got.explanation, got.changed, got.withheld) == ("She has two cats.", NO_ERROR, False, False)
    # An unchanged sentence with an explanation that claims a fix is told honestly.
    assert review("She has two cats.", "She has two cats.", "After 'has', use 'gone'.").explanation == NO_ERROR


def test_empty_or_garbled_answers_are_withheld():
    for corrected, explanation in (("", ""), ("She has", "x"), ("She has two cats.", ""),
                                   ("buses were Wednesday away still towed", "A 'x'.")):
        got = review("She have two cats.", corrected, explanation)
        assert got.withheld and got.corrected == "She have two cats." and got.explanation == NO_ERROR


def test_surrounding_spacing_of_the_original_is_kept():
    got = review("  She have two cats. ", "She has two cats.", "'has'")
    assert got.corrected == "  She has two cats. " and got.changed


def test_tokens_cover_the_text():
    text = "Olga's cat didn't  eat 3 mice\u2014at 5:30!\n"
    assert "".join(tokens(text)) == text


def test_every_generated_and_handwritten_correction_passes():
    pairs = [(ex.sentence, ex.corrected) for ex in corpus.generate("valid", 1500, seed=5)]
    pairs += [(c.sentence, c.corrected) for c in evaluate.handwritten_cases()]
    failing = [p for p in pairs if not verb_edit_only(*p)]
    assert not failing, failing[:10]


SENTENCES = [ex.sentence for ex in corpus.generate("valid", 200, seed=9)] + [a for a, _ in VERB_FIXES]
FILLER = st.text(alphabet="bcdfghklmnpqrtvwxz", min_size=2, max_size=7).filter(lambda w: not is_verb_form(w))


def _non_verb_positions(toks):
    return [i for i, t in enumerate(toks) if t[0].isalpha() and not is_verb_form(t)]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SENTENCES), st.integers(0, 10_000), st.sampled_from(("replace", "delete", "insert")), FILLER)
def test_random_non_verb_word_edits_are_withheld(sentence, pick, op, filler):
    toks = tokens(sentence)
    positions = _non_verb_positions(toks)
    if not positions:
        positions = [0]
        toks = ["Well", " "] + toks
        sentence = "".join(toks)
    i = positions[pick % len(positions)]
    edited = list(toks)
    if op == "replace":
        edited[i] = filler
    elif op == "delete":
        edited[i:i + 2] = []
    else:
        edited[i:i] = [filler, " "]
    changed = "".join(edited)
    assert changed != sentence
    assert review(sentence, changed, "After 'x', use 'y'.").withheld


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SENTENCES), st.integers(0, 10_000),
       st.sampled_from(("case", "punct_insert", "punct_delete", "space", "newline", "digit")))
def test_punctuation_case_and_spacing_changes_are_withheld(sentence, pick, op):
    chars = list(sentence)
    i = pick % len(chars)
    if op == "case":
        letters = [j for j, c in enumerate(chars) if c.isalpha()]
        j = letters[pick % len(letters)]
        chars[j] = chars[j].swapcase()
    elif op == "punct_insert":
        chars.insert(i, ",;:!?.-\"'("[pick % 10])
    elif op == "punct_delete":
        marks = [j for j, c in enumerate(chars) if not c.isalnum() and not c.isspace()]
        if marks:
            del chars[marks[pick % len(marks)]]
        else:
            chars.append(".")
    elif op == "space":
        spaces = [j for j, c in enumerate(chars) if c == " "]
        chars.insert(spaces[pick % len(spaces)], " ")
    elif op == "newline":
        spaces = [j for j, c in enumerate(chars) if c == " "]
        chars[spaces[pick % len(spaces)]] = "\n"
    else:
        chars.insert(i, str(pick % 10))
    changed = "".join(chars)
    assert review(sentence, changed, "After 'x', use 'y'.").withheld


def test_every_dev_set_correction_passes():
    import csv
    from pathlib import Path

    path = Path(__file__).parent / "data" / "dev_v2.tsv"
    with path.open(encoding="utf-8") as f:
        rows = list(csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t"))
    assert len(rows) >= 250
    failing = [(r["input"], r["corrected"]) for r in rows if not verb_edit_only(r["input"], r["corrected"])]
    assert not failing, failing


def test_unknown_verbs_pass_only_where_a_verb_stands():
    assert verb_edit_only("Those mangoes smells wonderful.", "Those mangoes smell wonderful.")
    assert not verb_edit_only("I like the mango.", "I like the mangos.")
    assert not verb_edit_only("I like mango.", "I like mangos.")  # the object of a verb


def test_forms_of_a_verb_no_table_knows_pass_by_lemminflects_dictionary():
    """"performs" / "performed": neither is the other plus an ending; lemminflect knows both as "perform"."""
    assert verb_edit_only("He performs a great feat two days ago.", "He performed a great feat two days ago.")
    assert verb_edit_only("She mislaid her keys.", "She mislays her keys.")
    assert not verb_edit_only("He performs a great feat two days ago.", "He performed a great feat two days ago.",
                              dictionary=False)  # as the v3 corpus was built
    assert not verb_edit_only("I like the performs.", "I like the performed.")  # still only where a verb stands


def test_only_a_stray_to_may_go():
    assert verb_edit_only("You should to study.", "You should study.")
    assert verb_edit_only("Let me to explain.", "Let me explain.")
    assert not verb_edit_only("Grandpa taught me to swim.", "Grandpa taught me swim.")
    assert not verb_edit_only("I want to go.", "I want go.")


def test_an_adjective_after_be_never_takes_verb_endings():
    """Found in stage 4's answers: "We were late" -> "We were lated" must be withheld."""
    assert not verb_edit_only("We were late.", "We were lated.")
    assert not verb_edit_only("You were right about it.", "You were righting about it.")
    assert verb_edit_only("They were decorate the room.", "They were decorating the room.")  # a known verb


def test_edits_the_matcher_cuts_across_spaces_are_judged_as_the_constraint_made_them():
    """Found by the constraint/guard property test: three allowed edits side by side, which the
    word matcher had aligned through the spaces into pieces none of which is a verb edit."""
    sentence = "Every tall gåxpoung may to do next spring, and Claire overthrows Amaka."
    assert verb_edit_only(sentence, "Every tall gåxpoung may done nexted sprung, and Claire overthrow Amaka.")
    assert not verb_edit_only("I can go home.", "I must went home.")  # still: another modal, another verb
    assert not verb_edit_only(sentence, "Every tall gåxpoung may done nexted summer, and Claire overthrow Amaka.")
