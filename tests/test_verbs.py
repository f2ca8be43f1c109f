import pytest

from miniserve.tutor.runtime.verbs import all_verbs, irregular_verbs, regular_past, regular_verbs, third_person


def test_enough_verbs_and_no_overlap():
    assert len(irregular_verbs()) >= 150
    assert len(regular_verbs()) >= 300
    irregular = {v.base for v in irregular_verbs()}
    regular = {v.base for v in regular_verbs()}
    assert not irregular & regular
    assert len(all_verbs()) == len(irregular | regular)


@pytest.mark.parametrize("base, third", [
    ("go", "goes"), ("watch", "watches"), ("wash", "washes"), ("fix", "fixes"), ("miss", "misses"),
    ("buzz", "buzzes"), ("cry", "cries"), ("study", "studies"), ("play", "plays"), ("enjoy", "enjoys"),
    ("say", "says"), ("run", "runs"),
])
def test_third_person(base, third):
    assert third_person(base) == third


@pytest.mark.parametrize("base, past", [
    ("go", "goed"), ("run", "runned"), ("swim", "swimmed"), ("take", "taked"), ("fly", "flied"),
    ("catch", "catched"), ("forget", "forgetted"), ("think", "thinked"), ("panic", "panicked"),
    ("play", "played"), ("stop", "stopped"), ("visit", "visited"), ("open", "opened"), ("fix", "fixed"),
])
def test_regular_past_rules(base, past):
    assert regular_past(base) == past


def test_known_irregular_forms():
    forms = {v.base: (v.past, v.participle) for v in irregular_verbs()}
    assert forms["go"] == ("went", "gone")
    assert forms["buy"] == ("bought", "bought")
    assert forms["put"] == ("put", "put")
    assert forms["write"] == ("wrote", "written")


def test_regular_table_follows_spelling_rules_for_one_syllable_verbs():
    """The table's pasts agree with the rules wherever the rules are unambiguous (one syllable)."""
    for verb in regular_verbs():
        if len(verb.base) <= 4 and verb.base[-1] not in "wxy" and sum(c in "aeiou" for c in verb.base) == 1:
            assert verb.past == regular_past(verb.base), verb
        assert verb.past == verb.participle
