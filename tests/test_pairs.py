"""Two noun phrases joined by "and" that open a clause are a plural subject (tutor/runtime/pairs.py):
the rule decides alone, so it must fire on none of the look-alikes a careless reading takes for a pair."""

import pytest

from miniserve.tutor.runtime import gate, offers, pairs, vetoes
from miniserve.tutor.runtime.guard import tokens


def decided(sentence: str) -> list[str]:
    toks = tokens(sentence)
    return [gate.apply(sentence, [e], frozenset({0})).strip() for e in offers.number_flips(toks) if pairs.decides(toks, e)]


@pytest.mark.parametrize("sentence, right", [
    ("Tom and his dog was walking along the cliff.", "Tom and his dog were walking along the cliff."),
    ("The chairs and the projector is very old.", "The chairs and the projector are very old."),
    ("I believe that my skills and my experience makes me suitable.", "I believe that my skills and my experience make me suitable."),
    ("Both football and swimming is part of the course.", "Both football and swimming are part of the course."),
    ("Jordi's phone and mine was dead.", "Jordi's phone and mine were dead."),
    ("When I arrived, my best friend and her sister was already there.", "When I arrived, my best friend and her sister were already there."),
    ("My brother and his wife often visits us.", "My brother and his wife often visit us."),
    ("The swimming pool and the sauna is closed on Mondays.", "The swimming pool and the sauna are closed on Mondays."),
])
def test_a_verb_after_a_pair_that_opens_its_clause_is_plural(sentence, right):
    assert decided(sentence) == [right]


@pytest.mark.parametrize("sentence", [
    "Fish and chips is my favourite meal.",  # one dish: the second phrase has no determiner of its own
    "My friend and colleague is here.",  # one person with two names
    "Every boy and girl is welcome.",
    "Tom and Jerry is my favourite cartoon.",  # two names: a title, maybe
    "I called Tom and his dog was barking.",  # "and" joins two clauses
    "We stayed at my grandparents' farm and the weather was perfect.",
    "My boss and the other guides are kind.",  # "guides" is the noun
    "The distance between the hotel and the station was long.",  # "and" inside a phrase
    "The quality of the schools and the hospitals is poor.",
    "Most of them are part-time and the pay is low.",
    "It is dangerous because the smoke and the cigarette ends are everywhere.",  # "ends": the second phrase's noun
    "The parties last until the early morning and the noise wakes the street.",  # "until" ends a phrase here
])
def test_no_pair_where_and_joins_clauses_or_one_thing(sentence):
    assert decided(sentence) == []


def test_no_pair_fires_on_edited_english():
    from miniserve.tutor.corpus.wordnet import examples

    assert [s for s in examples() if decided(s)] == []


def test_a_pair_after_that_is_not_a_second_clause():
    """The veto of a plural after "and" + a new singular subject reads "and" as joining clauses; where the
    pair opens its clause after "that", it is one subject."""
    from miniserve.tutor.runtime import vetoes

    sentence = "I am sure that my experience and my motivation makes me a good candidate."
    toks = tokens(sentence)
    [edit] = [e for e in offers.number_flips(toks) if pairs.decides(toks, e)]
    assert not vetoes.vetoed(toks, edit)


def test_after_neither_nor_the_nearer_phrase_decides_where_the_verb_contradicts_it():
    def fixed(sentence: str) -> list[str]:
        toks = tokens(sentence)
        return [gate.apply(sentence, [e], frozenset({0})).strip() for e in offers.number_flips(toks)
                if pairs.neither_nor_decides(toks, e) and not vetoes.vetoed(toks, e)]
    assert fixed("Neither the coach nor the players was ready.") == ["Neither the coach nor the players were ready."]
    assert fixed("Neither my sister nor I has a car.") == ["Neither my sister nor I have a car."]
    assert fixed("Neither the bank nor the library accept cards.") == ["Neither the bank nor the library accepts cards."]
    assert fixed("Neither my brother nor my sister likes football.") == []  # right as it is
    assert fixed("Neither Tom nor Anna like it.") == []  # names: left to the model
    toks = tokens("Neither the president nor the other members have voted.")
    [edit] = gate.edits("Neither the president nor the other members have voted.", "Neither the president nor the other members has voted.")
    assert vetoes.vetoed(toks, edit)  # away from the nearer phrase: still ruled out
