"""An -ing form the model proposes needs a word before it that calls for one (gerund.unprompted)."""

import math

import pytest

from miniserve.tutor.runtime import gate, gerund
from miniserve.tutor.runtime.guard import tokens


def _unprompted(sentence: str, corrected: str) -> bool:
    [edit] = gate.edits(sentence, corrected)
    return gerund.unprompted(tokens(sentence), edit)


@pytest.mark.parametrize("sentence, corrected", [
    ("It was great to hear from you.", "It was great to hearing from you."),
    ("There is a car park near the hotel.", "There is a car parking near the hotel."),
    ("I would like more free time.", "I would like more freeing time."),
    ("We want to visit the museum.", "We want to visiting the museum."),
    ("The children play outside.", "The children playing outside."),
    # a thing's passive: the money is used to do something, never used to doing it
    ("If the money were used to clean the beaches, we would all benefit.",
     "If the money were used to cleaning the beaches, we would all benefit."),
    ("The water should be used to cool the engine.", "The water should be used to cooling the engine."),
])
def test_an_ing_form_nothing_calls_for_is_doubted(sentence, corrected):
    assert _unprompted(sentence, corrected)


@pytest.mark.parametrize("sentence, corrected", [
    ("I look forward to see you.", "I look forward to seeing you."),  # the fixed pattern
    ("I'm used to work at night.", "I'm used to working at night."),
    ("Some students are not used to work in groups.", "Some students are not used to working in groups."),
    ("He is play football now.", "He is playing football now."),  # a progressive
    ("I am really enjoy it.", "I am really enjoying it."),  # past an adverb
    ("I enjoy to swim in the sea.", "I enjoy swimming in the sea."),  # a verb that takes -ing
    ("Swim is good for you.", "Swimming is good for you."),  # a subject
    ("Before leave the house, check the door.", "Before leaving the house, check the door."),  # a preposition
    ("I like reading and write stories.", "I like reading and writing stories."),  # a list of -ing forms
    ("I saw them play in the park.", "I saw them playing in the park."),  # a perception verb and its object
    ("Young people spend more time read books.", "Young people spend more time reading books."),
])
def test_an_ing_form_a_word_calls_for_is_not(sentence, corrected):
    assert not _unprompted(sentence, corrected)


def test_a_participle_after_be_traded_for_the_ing_form_is_doubted():
    def traded(sentence, corrected):
        [edit] = gate.edits(sentence, corrected)
        return gerund.passive_to_progressive(tokens(sentence), edit)

    assert traded("The street was still covered in stones.", "The street was still covering in stones.")
    assert not traded("He is play football.", "He is playing football.")  # a base form: a progressive is meant
    assert not traded("I have covered it.", "I have covering it.")  # no "be" before it
    # a participle that is also the base: passive before a particle or the clause's end, a progressive before an object
    assert traded("The tablets are put away at nine.", "The tablets are putting away at nine.")
    assert not traded("I am put the books on the shelf.", "I am putting the books on the shelf.")


@pytest.mark.parametrize("sentence, corrected, doubted", [
    ("The rules aren't clear.", "The rules aren't clearing.", True),
    ("The timetable you sent is not complete, so I cannot plan.", "The timetable you sent is not completing, so I cannot plan.", True),
    ("The shop is open, so come in.", "The shop is opening, so come in.", True),
    ("The rooms were very clean and the staff were kind.", "The rooms were very cleaning and the staff were kind.", True),
    ("I am clean my room now.", "I am cleaning my room now.", False),  # an object follows: a progressive
    ("What are you do?", "What are you doing?", False),  # "do" is no adjective
    ("I am live in London.", "I am living in London.", False),  # a person's "be": the clause goes on
    ("It was not clear in your letter.", "It was not clearing in your letter.", True),  # a thing's
    ("The water is clear.", "The water was clear.", False),  # not an -ing form
])
def test_an_adjective_that_ends_its_clause_after_be_is_kept(sentence, corrected, doubted):
    [edit] = gate.edits(sentence, corrected)
    assert gerund.adjective_to_progressive(tokens(sentence), edit) is doubted


def test_the_ing_form_after_a_to_that_is_a_preposition_is_kept():
    def traded(sentence, corrected):
        [edit] = gate.edits(sentence, corrected)
        return gerund.to_as_preposition(tokens(sentence), edit)

    assert traded("There are many advantages to living in a city.", "There are many advantages to live in a city.")
    assert traded("I look forward to seeing you.", "I look forward to see you.")
    assert not traded("I want to going home.", "I want to go home.")  # an infinitive's "to": a fix


def test_only_edits_that_make_an_ing_form_count():
    assert not _unprompted("He goed to school.", "He went to school.")
    assert not _unprompted("She is singing and dance.", "She is singing and dancing.")
    assert not _unprompted("I was reading when she calling.", "I was reading when she called.")


@pytest.fixture(scope="module")
def tutor(tutor_folder):
    from miniserve.service.tutoring import Tutor
    from miniserve.tutor.runtime.parser import shared
    from miniserve.tutor.runtime.prompt import TutorPrompt

    return Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=2.0, parser=shared())


def _decoded(tutor, sentence, corrected):
    turn = tutor.plan(sentence, paragraph=False).turns[0]
    turn.decoded(tutor.prompt.completion_ids(corrected, "Because."), "stop")
    return turn


def test_the_served_gate_asks_more_of_an_unprompted_ing_form(tutor):
    from miniserve.tutor.runtime.agreement import EVIDENCE_MARGIN

    turn = _decoded(tutor, "It was lovely to hear from you.", "It was lovely to hearing from you.")
    assert turn.doubts == [EVIDENCE_MARGIN]
    # after "great to", "difficult to" ... the -ing form is ruled out (vetoes.verb_forms.ing_after_an_adjectives_to)
    turn = _decoded(tutor, "It was great to hear from you.", "It was great to hearing from you.")
    assert turn.doubts == [math.inf]
    turn = _decoded(tutor, "I look forward to see you.", "I look forward to seeing you.")
    assert turn.doubts[0] < EVIDENCE_MARGIN


def test_a_misbuilt_form_respelled_by_the_model_needs_no_parser_and_less_margin(tutor):
    from miniserve.tutor.runtime.agreement import SUPPORT_MARGIN

    turn = _decoded(tutor, "I have choosen the workshop.", "I have chosen the workshop.")
    assert turn.doubts == [-math.inf] and turn.questions == []  # no other word: the rule decides (offers.misbuilt)
    turn = _decoded(tutor, "We planed the trip.", "We planned the trip.")  # "planed" is also a word of its own
    assert turn.doubts == [-SUPPORT_MARGIN] and turn.questions == []
    turn = _decoded(tutor, "Mr Stoped came.", "Mr Stopped came.")  # a name is not respelled
    assert turn.doubts != [-SUPPORT_MARGIN]


def test_the_verb_form_table_is_built_once():
    """Every word rule reads forms.lemmas; its table (about 20 ms to build) must be built once per process."""
    from miniserve.tutor.runtime import forms

    assert forms.form_table() is forms.form_table()
