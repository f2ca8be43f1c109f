import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from miniserve.tutor.runtime.prompt import MAX_SENTENCE_CHARS, SPECIAL_TOKENS, SentenceError, TutorPrompt


@pytest.fixture(scope="module")
def prompt(tutor_folder):
    return TutorPrompt.from_folder(tutor_folder)


special_text = st.sampled_from(SPECIAL_TOKENS + ("<|", "|>", "<|endoftext", "fix|>"))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.text(), special_text), max_size=8).map("".join))
def test_user_text_never_yields_a_special_id(prompt, text):
    ids = prompt.encode_text(text)
    assert not {prompt.end_id, prompt.fix_id, prompt.why_id} & set(ids)
    assert prompt.decode(ids) == text  # byte-level: every input round-trips exactly


def test_special_token_text_is_plain_bytes(prompt):
    ids = prompt.prompt_ids("He <|fix|> goed <|endoftext|>")
    assert ids[0] == prompt.end_id and ids[-1] == prompt.fix_id
    assert ids.count(prompt.fix_id) == 1 and ids.count(prompt.end_id) == 1


def test_parse_splits_at_why_and_stops_at_end(prompt):
    ids = prompt.completion_ids("He went to school", "The past tense of 'go' is the irregular form 'went'.")
    done = prompt.parse(ids + prompt.encode_text(" trailing"))
    assert done.corrected == "He went to school" and done.explanation.startswith("The past tense")
    assert done.complete
    cut = prompt.parse(ids[:3])
    assert not cut.complete and cut.explanation == ""


@pytest.mark.parametrize("text, message", [
    ("", "empty"), ("   ", "empty"), ("x" * (MAX_SENTENCE_CHARS + 1), "limit"),
    ("🙂" * 120, "context"),
])
def test_request_rejects_what_cannot_be_answered(prompt, text, message):
    with pytest.raises(SentenceError, match=message):
        prompt.request(text, n_positions=256)


def test_request_budget_fits_the_context(prompt):
    ids, budget = prompt.request("He goed to school", n_positions=256)
    assert ids[0] == prompt.end_id and len(ids) + budget <= 256
