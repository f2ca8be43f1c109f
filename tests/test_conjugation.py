"""Runtime verb forms (conjugation.py): lemminflect's, checked against the verb tables."""

import pytest

from miniserve.tutor.runtime.conjugation import agreement, by_base, conjugate
from miniserve.tutor.runtime.constraint import _verb_forms
from miniserve.tutor.runtime.forms import form_kinds, lemmas, same_unknown_verb, unknown_forms
from miniserve.tutor.runtime.verbs import all_verbs


def test_lemminflect_spells_the_ing_forms_the_rules_get_wrong():
    assert "offsetting" in _verb_forms("offset") and "offseting" not in _verb_forms("offset")
    assert "babysitting" in _verb_forms("babysit") and "quitting" in _verb_forms("quit")


def test_the_british_double_l_only_after_a_single_vowel():
    assert {"travelled", "travelling", "traveled"} <= set(_verb_forms("travel"))
    assert not {"callled", "failled", "appealled"} & set(_verb_forms("call") + _verb_forms("fail") + _verb_forms("appeal"))
    assert form_kinds("travelled") == {"past", "participle"}
    assert form_kinds("succeed") == form_kinds("proceed") == {"base"}  # a base whose spelling ends in -ed
    assert form_kinds("succeeded") == {"past", "participle"}


@pytest.mark.parametrize("verb, wrong", [
    ("get", "getted"), ("lay", "layed"), ("wake", "waked"), ("quit", "quitted"), ("bet", "betted"),
    ("broadcast", "broadcasted"), ("overspend", "overspended"), ("sublet", "subletted"),
])
def test_the_over_regularised_past_is_no_form_to_decode(verb, wrong):
    """lemminflect lists some ("quitted", "broadcasted"); the corpora teach them as the learner's error."""
    assert wrong not in _verb_forms(verb)
    assert verb in lemmas(wrong)  # the guard still knows whose wrong form it is


@pytest.mark.parametrize("verb, misspelled", [
    ("refer", "refered"), ("occur", "occuring"), ("tie", "tieing"), ("target", "targetted"), ("stay", "staves"),
    ("pay", "payed"), ("sting", "sting"), ("mimic", "mimiced"),
])
def test_lemminflect_later_and_odd_spellings_are_not_forms(verb, misspelled):
    forms = by_base()[verb]
    assert misspelled not in forms.third + forms.past + forms.participle + forms.ing


def test_variants_from_lemminflect_and_the_extra_verbs():
    assert "participle" in form_kinds("born") and "participle" in form_kinds("borne")
    assert form_kinds("learnt") == {"past", "participle"} and "participle" in form_kinds("got")
    assert "participle" in form_kinds("proven") and lemmas("realised") == {"realise"}


def test_a_verb_lemminflect_does_not_know_keeps_the_tables_forms():
    tattoo = conjugate("tattoo", ("tattooed",), ("tattooed",))
    assert tattoo.past == ("tattooed",) and tattoo.ing == ("tattooing",)


def test_tables_and_lemminflect_agree_on_most_verbs_and_no_table_form_is_lost():
    found = agreement()
    assert found["verbs"] == len(all_verbs()) and found["same"] >= 780 and len(found["unknown"]) <= 5
    for base, kind, ours, theirs, kept in found["differ"]:
        assert ours in kept or kind == "ing", (base, kind)  # the tables' past or participle always stays


def test_a_word_no_table_knows_takes_lemminflects_forms_not_endings_stacked_on_endings():
    assert set(unknown_forms("googled")) == {"googled", "google", "googles", "googling"}
    assert same_unknown_verb("mislaid", "mislay") and "mislaying" in unknown_forms("mislaid")  # no shared stem
    assert "blork" in unknown_forms("blorked")  # a word lemminflect does not know either: the rules
