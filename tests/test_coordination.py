"""Verbs joined by "and" share their tense (tutor/runtime/coordination.py): the present of a pair whose
other verb is past is offered in the past, gated by the model; nouns and infinitives are left alone."""

import pytest

from miniserve.tutor.runtime import coordination, gate
from miniserve.tutor.runtime.guard import tokens


def offered(sentence: str) -> list[str]:
    return [gate.apply(sentence, [e], frozenset({0})).strip() for e in coordination.edits(tokens(sentence))]


@pytest.mark.parametrize("sentence, expected", [
    ("I went to the shop and buy some bread.", "I went to the shop and bought some bread."),
    ("After dinner we sit on the beach and talked until midnight.", "After dinner we sat on the beach and talked until midnight."),
    ("She opened the door and see a man.", "She opened the door and saw a man."),
    ("We visited the museum and then go to a restaurant.", "We visited the museum and then went to a restaurant."),
])
def test_the_present_of_a_pair_with_a_past_is_offered_in_the_past(sentence, expected):
    assert offered(sentence) == [expected]


@pytest.mark.parametrize("sentence", [
    "We ate fish and chips.",  # a noun: "chips" does not agree with "we" as a verb would
    "I bought a book and pen.",
    "He told me to sit down and wait.",  # the infinitive's pair
    "He told me to go home and wait for him.",
    "We live in vexed and troubled times.",  # "and" joins the adjectives
    "He bought a Christmas tree and trimmings to decorate it.",
    "She dislikes loud music and crowded rooms.",  # "crowded" an adjective
    "That night I lay in my new bed and listened to the sounds.",  # the past of "lie" already
])
def test_no_offer_where_and_joins_no_two_verbs_of_the_subject(sentence):
    assert offered(sentence) == []


def test_no_pair_is_offered_on_edited_english():
    from miniserve.tutor.corpus.wordnet import examples

    assert [s for s in examples() if coordination.edits(tokens(s))] == []
