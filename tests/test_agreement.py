"""The gate's prior on agreement edits (tutor/runtime/agreement.py): an edit the sentence's own words
speak against needs a larger margin, one they rule out never passes, and ordinary agreement fixes
are left to the margin alone."""

import math

import pytest

from miniserve.tutor.runtime import gate
from miniserve.tutor.runtime.agreement import EVIDENCE_MARGIN, doubt
from miniserve.tutor.runtime.guard import tokens

RULED_OUT, DOUBTFUL, FREE = math.inf, EVIDENCE_MARGIN, 0.0

CASES = [
    # imperatives: no subject to agree with
    ("So don't forget to bring your coat.", "So doesn't forget to bring your coat.", DOUBTFUL),
    ("Don't worry.", "Doesn't worry.", DOUBTFUL),
    ("And please bring some photos.", "And please brings some photos.", DOUBTFUL),
    ("If you are cold, take my coat.", "If you are cold, takes my coat.", DOUBTFUL),
    # a subject pronoun or "people" right before the verb
    ("They go home.", "They goes home.", RULED_OUT),
    ("She likes it.", "She like it.", RULED_OUT),
    ("In my country people eat dinner late.", "In my country people eats dinner late.", RULED_OUT),
    # the nearest noun, a joined verb, an inverted question, the unreal "were"
    ("The time that children spend on phones worries parents.", "The time that children spends on phones worries parents.", DOUBTFUL),
    ("Travel broadens the mind, as the saying goes.", "Travel broadens the mind, as the saying go.", DOUBTFUL),
    ("The shop opens at nine and closes at five.", "The shop opens at nine and close at five.", DOUBTFUL),
    ("Why do so many people still prefer paper books?", "Why does so many people still prefer paper books?", DOUBTFUL),
    ("If public transport were cheaper, I would use it.", "If public transport was cheaper, I would use it.", DOUBTFUL),
    # real agreement errors: nothing speaks against the fix
    ("He go to school.", "He goes to school.", FREE),
    ("She don't like it.", "She doesn't like it.", FREE),
    ("They goes home.", "They go home.", FREE),
    ("My friends lives in Paris.", "My friends live in Paris.", FREE),
    ("He gets up and go to work.", "He gets up and goes to work.", FREE),
    ("Does they live here?", "Do they live here?", FREE),
    ("Do she know him?", "Does she know him?", FREE),
    ("The bus leave at nine.", "The bus leaves at nine.", FREE),
    ("One of my friends live in Paris.", "One of my friends lives in Paris.", FREE),
    ("The shops open at nine and closes at five.", "The shops open at nine and close at five.", FREE),
    ("Everybody know that.", "Everybody knows that.", FREE),
    # a noun inside a phrase that is not the subject says nothing
    ("The keys to the garage was on the table.", "The keys to the garage were on the table.", FREE),
    ("Mr Okonkwo and his wife has lived here.", "Mr Okonkwo and his wife have lived here.", FREE),
    # not agreement at all: a base form after "does", a tense
    ("Does he likes sushi?", "Does he like sushi?", FREE),
    ("Yesterday I go home.", "Yesterday I went home.", FREE),
]


@pytest.mark.parametrize("sentence, proposal, wanted", CASES)
def test_the_doubt_of_an_edit(sentence, proposal, wanted):
    (edit,) = gate.edits(sentence, proposal)
    assert doubt(tokens(sentence), edit.start, edit.end, edit.new) == wanted


def test_the_gate_adds_the_doubt_to_the_threshold():
    assert gate.decide([5.0, 5.0, 5.0], 2.0, [0.0, EVIDENCE_MARGIN, math.inf]) == frozenset({0})
    assert gate.decide([7.0, 7.0], 2.0, [EVIDENCE_MARGIN, math.inf]) == frozenset({0})
    assert gate.decide([1.0], 2.0) == frozenset()
