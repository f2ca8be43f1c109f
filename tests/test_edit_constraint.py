"""The edit constraint: the right corrections are always reachable, damage never is, and whatever
it lets through the guard accepts."""

import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from miniserve.tutor.corpus import v1 as corpus

from miniserve.tutor.corpus import v2 as corpus2

from miniserve.tutor.evaluation import evaluate
from miniserve.tutor.runtime.constraint import EditAutomaton, EditConstraints
from miniserve.tutor.runtime.guard import verb_edit_only
from miniserve.tutor.runtime.prompt import TutorPrompt


@pytest.fixture(scope="module")
def prompt(tutor_folder):
    return TutorPrompt.from_folder(tutor_folder)


@pytest.fixture(scope="module")
def constraints(prompt):
    return EditConstraints.for_prompt(prompt)


def reachable(constraint, ids) -> bool:
    """Does the constraint allow these tokens one after another?"""
    for i, token in enumerate(ids):
        allowed = constraint.allowed(ids[:i])
        if allowed is not None and token not in allowed:
            return False
    return True


def accepts(automaton: EditAutomaton, text: str) -> bool:
    state = automaton.start()
    for byte in text.encode():
        state = automaton.step(state, byte)
        if not state:
            return False
    return automaton.accepts(state)


def test_expected_corrections_are_reachable(prompt, constraints):
    pairs = [(c.sentence, c.corrected) for c in evaluate.dev_cases() + evaluate.handwritten_cases()]
    pairs += [(ex.sentence, ex.corrected) for ex in corpus2.generate("valid", 400, seed=3)]
    pairs += [(ex.sentence, ex.corrected) for ex in corpus.generate("valid", 200, seed=3)]
    blocked = [p for p in pairs
               if not reachable(constraints(p[0]), prompt.encode_text(p[1]) + [prompt.why_id])]
    assert not blocked, blocked[:5]


def test_damage_is_not_reachable(prompt, constraints):
    cases = [
        ("The teacher walked into the room and opened the window.", "The teacher walked into the window."),
        ("She has two cats.", "She has two dogs."),
        ("She has two cats.", "she has two cats."),
        ("Olga is from Tallinn.", "Olga is from Tallin."),
        ("He didn't see it.", "He saw it."),
        ("I can swim.", "I must swim."),
        ("I read two books.", "I read two book."),
        ("We were late.", "We were lated."),  # stage 4 did this (an adjective after "be")
    ]
    for original, damaged in cases:
        assert not accepts(EditAutomaton(original), damaged), damaged
        assert not reachable(constraints(original), prompt.encode_text(damaged) + [prompt.why_id]), damaged


def test_answers_are_sorted_nonempty_pure_and_end_at_why(prompt, constraints):
    sentence = "Did you saw the film that was wrote by Ana, or should we to go?"
    target = prompt.encode_text("Did you see the film that was written by Ana, or should we go?")
    first, second = constraints(sentence), constraints(sentence)
    # Asked in another order (as speculative verification would), the answers are the same.
    forward = [first.allowed(target[:i]) for i in range(len(target) + 1)]
    backward = [second.allowed(target[:i]) for i in reversed(range(len(target) + 1))][::-1]
    for a, b in zip(forward, backward):
        assert a.dtype == np.int32 and len(a) and np.all(np.diff(a) > 0)
        np.testing.assert_array_equal(a, b)
    assert prompt.why_id in forward[-1] and prompt.why_id not in forward[3]
    assert first.allowed(target + [prompt.why_id]) is None  # the explanation is free
    assert first.allowed(target[:5]) is first.allowed(target[:5])  # cached


def test_only_verb_words_have_alternatives():
    segments = EditAutomaton("Did you saw the film that Ana wrote, or should we to go?").segments
    choices = [seg for seg in segments if len(seg) > 1]
    assert [seg[0] for seg in choices] == [b"Did", b"saw", b"wrote", b"to ", b"go"]
    assert b"" in choices[3] and b"done" not in choices[1]


SENTENCES = [ex.sentence for ex in corpus2.generate("valid", 150, seed=11)] + [c.sentence for c in evaluate.dev_cases()]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SENTENCES), st.integers(0, 2**32 - 1))
def test_whatever_the_constraint_allows_the_guard_accepts(prompt, constraints, sentence, seed):
    """A random walk through the allowed tokens (a model that picks anything the mask leaves)."""
    rng = random.Random(seed)
    constraint, generated = constraints(sentence), []
    for _ in range(4 * len(sentence)):
        allowed = constraint.allowed(generated)
        if prompt.why_id in allowed and (len(allowed) == 1 or rng.random() < 0.3):
            break
        generated.append(int(rng.choice([t for t in allowed.tolist() if t != prompt.why_id])))
    else:
        pytest.fail("the walk never reached the end of the sentence")
    corrected = prompt.tokenizer.decode(generated)
    assert verb_edit_only(sentence, corrected), (sentence, corrected)
