"""Edits of the model's that correct English rules out (tutor/runtime/vetoes.py), each one the model
made to a correct look-alike (tests/data/lookalikes.tsv), and the learner errors they leave alone."""

import pytest

from miniserve.tutor.runtime import gate, vetoes
from miniserve.tutor.runtime.guard import tokens


def vetoed(sentence: str, proposal: str) -> bool:
    [edit] = gate.edits(sentence, proposal)
    return vetoes.vetoed(tokens(sentence), edit)


@pytest.mark.parametrize("sentence, proposal", [
    ("If it were up to me, I would close the road.", "If it was up to me, I would close the road."),
    ("She talks as if she were the boss.", "She talks as if she was the boss."),
    ("Three years ago I started Spanish, and now I speak it well.", "Three years ago I started Spanish, and now I spoke it well."),
    ("When we meet, I will tell you everything.", "When we met, I will tell you everything."),
    ("Before you judge him, remember that he lost his job.", "Before you judged him, remember that he lost his job."),
    ("Can you stop talking for a minute?", "Can you stop talk for a minute?"),
    ("She left school at sixteen and has worked in a shop ever since.", "She left school at sixteen and have worked in a shop ever since."),
    ("Reading and writing are skills every child needs.", "Reading and writing is skills every child needs."),
    ("Do you remember the day we got lost in Paris?", "Do you remember the day we got lose in Paris?"),
    ("Is there anything you want me to bring?", "Is there anything you wanting me to bring?"),
    ("The view was nothing like the photo.", "The view was nothing liking the photo."),
    ("Shops would attract more customers if they stayed open later.", "Shops would attract more customers if they stay open later."),
    ("The small shops, which are closing one after another.", "The small shops, which is closing one after another."),
    ("My grandmother said: 'Close your eyes and count to ten.'", "My grandmother said: 'Closes your eyes and count to ten.'"),
    ("So just relax and enjoy your holiday!", "So just relaxes and enjoy your holiday!"),
    ("The policeman said: 'Don't move and keep your hands up.'", "The policeman said: 'Don't move and keeps your hands up.'"),
    ("I haven't had time to write to you.", "I haven't had time to written to you."),
    ("There is a desk and two chairs in each room.", "There are a desk and two chairs in each room."),
    ("We will go sailing on Sunday.", "We will go sail on Sunday."),
    ("Do you remember where we ate pizza?", "Do you remember where we eaten pizza?"),
])
def test_an_edit_correct_english_rules_out(sentence, proposal):
    assert vetoed(sentence, proposal)


@pytest.mark.parametrize("sentence, proposal", [
    ("If you were there, you will remember it.", "If you was there, you will remember it."),  # not singular: no veto (and wrong)
    ("When we arrive, we was hungry.", "When we arrived, we was hungry."),  # a past main clause
    ("Yesterday I go to the cinema.", "Yesterday I went to the cinema."),
    ("She left school and have worked in a shop.", "She left school and has worked in a shop."),  # toward the subject
    ("I stop eat sweets.", "I stop eating sweets."),
    ("Is he jump feedback twice a year?", "Is he jumping feedback twice a year?"),  # a question: "be" before the subject
    ("Reading and writing is important.", "Reading and writing are important."),
    ("My brother and sister lives in Rome.", "My brother and sister live in Rome."),
    ("We swam, play volleyball and ate ice cream.", "We swam, played volleyball and ate ice cream."),
    ("He go to school every day.", "He goes to school every day."),
    ("There is two chairs in the room.", "There are two chairs in the room."),
    ("Have you ate breakfast yet?", "Have you eaten breakfast yet?"),  # a question: "have" before the subject
    ("We went to the shop and then buy bread.", "We went to the shop and then bought bread."),  # no imperative opens it
])
def test_a_learners_error_is_not_vetoed(sentence, proposal):
    assert not vetoed(sentence, proposal)
