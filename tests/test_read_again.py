"""The second reading (Turn.again / Turn.absorb): a sentence the tutor changed is read once more, and
a further change joins the first, unless it touches the words the first changed."""

import pytest

from miniserve.config import Settings
from miniserve.service.tutoring import Tutor, run_sync
from miniserve.tutor.runtime.guard import NO_ERROR
from miniserve.tutor.runtime.prompt import TutorPrompt

TYPED = "Last week I meet an old friend and we talk for hours."
FIRST = "Last week I met an old friend and we talk for hours."
BOTH = "Last week I met an old friend and we talked for hours."
MET = "The past tense of 'meet' is the irregular form 'met'."
TALKED = "The past tense of 'talk' is 'talked'."


@pytest.fixture(scope="module")
def tutor(tutor_folder):
    return Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=None)  # no gate: answers as scripted


def answered(tutor, sentence, corrected, explanation, first=None):
    turn = first.again() if first is not None else tutor.plan(sentence, paragraph=False).turns[0]
    turn.decoded(tutor.prompt.completion_ids(corrected, explanation), "stop")
    return turn


def test_a_second_change_joins_the_first(tutor):
    first = answered(tutor, TYPED, FIRST, MET)
    second = answered(tutor, None, BOTH, TALKED, first=first)
    assert second.line == FIRST and second.again() is None  # one more reading, never a third
    first.absorb(second)
    assert (first.review.corrected, first.review.explanation) == (BOTH, f"{MET} {TALKED}")
    assert first.review.changed and not first.review.withheld
    assert first.span.text == TYPED  # the answer still stands for what was typed


def test_a_second_reading_that_finds_nothing_leaves_the_first_answer(tutor):
    first = answered(tutor, TYPED, FIRST, MET)
    first.absorb(answered(tutor, None, FIRST, NO_ERROR, first=first))
    assert (first.review.corrected, first.review.explanation) == (FIRST, MET)


def test_a_second_reading_that_touches_the_first_edit_is_not_taken(tutor):
    first = answered(tutor, TYPED, FIRST, MET)
    first.absorb(answered(tutor, None, TYPED, "The present tense of 'meet' is 'meet'.", first=first))
    assert first.review.corrected == FIRST  # the model undoing its own edit: the gated first answer stands
    # an edit that shortens the sentence shifts the words after it; a later word is still told apart
    first = answered(tutor, "I can to swim and she swim too.", "I can swim and she swim too.",
                     "After 'can', use the base form 'swim' without 'to'.")
    assert first.review.changed
    second = answered(tutor, None, "I can swim and she swims too.", "The verb agrees with its subject 'she': use "
                      "'swims', not 'swim'.", first=first)
    first.absorb(second)
    assert first.review.corrected == "I can swim and she swims too."


def test_nothing_to_read_again_where_nothing_was_shown(tutor):
    assert answered(tutor, BOTH, BOTH, NO_ERROR).again() is None


def test_the_served_flow_fixes_both_errors(tutor_folder):
    """The shipped model, as every entry point runs it: the first reading fixes "go", the second "like"."""
    from miniserve.engine import Engine

    engine = Engine.from_folder(tutor_folder, n_slots=4)
    served = Tutor.configured(Settings(), TutorPrompt.from_folder(tutor_folder), engine.config.n_positions)
    turns = served.plan("My brother go to school and he like it.", paragraph=False).turns
    run_sync(turns, engine.run)
    assert turns[0].review.corrected == "My brother goes to school and he likes it."
    assert "'goes'" in turns[0].review.explanation and "'likes'" in turns[0].review.explanation
