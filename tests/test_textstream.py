"""Incremental detokenisation and stop strings."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer

from miniserve.service.textstream import IncrementalDecoder, StopMatcher


@pytest.fixture(scope="module")
def tokenizer(tutor_folder):
    return Tokenizer.from_file(str(tutor_folder / "tokenizer.json"))


@settings(max_examples=200, deadline=None)
@given(text=st.text(min_size=1, max_size=40))
def test_pieces_add_up_and_never_split_a_character(tokenizer, text):
    ids = tokenizer.encode(text, add_special_tokens=False).ids
    decoder = IncrementalDecoder(tokenizer)
    pieces = [decoder.push(t) for t in ids]
    pieces.append(decoder.flush())
    # The whole decode, not `text`: special-token text (e.g. "<|endoftext|>") encodes to a special id,
    # which the decoder skips, as the answer's text does.
    assert "".join(pieces) == tokenizer.decode(ids, skip_special_tokens=True)
    assert all("\ufffd" not in p for p in pieces if "\ufffd" not in text)


def test_multibyte_character_split_across_tokens_waits_for_its_last_byte(tokenizer):
    ids = tokenizer.encode("🙂", add_special_tokens=False).ids
    assert len(ids) > 1  # byte-level BPE: the emoji spans several tokens
    decoder = IncrementalDecoder(tokenizer)
    assert [decoder.push(t) for t in ids] == [""] * (len(ids) - 1) + ["🙂"]


@pytest.mark.parametrize("chunks, stops, want, stopped", [
    (["Hello wor", "ld. Bye"], ["."], "Hello world", True),
    (["ab", "c<", "|e", "nd|>tail"], ["<|end|>"], "abc", True),
    (["ab", "c<", "|x"], ["<|end|>"], "abc<|x", False),
    (["no stop here"], [], "no stop here", False),
    (["one\n", "\ntwo"], ["\n\n", "zz"], "one", True),
])
def test_stop_strings_are_held_back_and_cut(chunks, stops, want, stopped):
    matcher = StopMatcher(stops)
    out = "".join(matcher.feed(c) for c in chunks) + matcher.flush()
    assert out == want and matcher.stopped == stopped


def test_a_long_answer_is_decoded_token_by_token_not_again_and_again(tokenizer):
    """The decoder keeps only the ids of an incomplete character, never the whole answer: the old
    one re-decoded every id so far for each new token (quadratic in the answer's length)."""
    text = "She has gone to the café 🙂 again. " * 60
    ids = tokenizer.encode(text, add_special_tokens=False).ids
    decoder = IncrementalDecoder(tokenizer)
    held = []
    pieces = []
    for t in ids:
        pieces.append(decoder.push(t))
        held.append(len(decoder.pending))
    assert "".join(pieces) + decoder.flush() == text
    assert len(ids) > 500 and max(held) <= 4  # the emoji's bytes at most


def test_flush_shows_an_unfinished_character_as_a_replacement(tokenizer):
    ids = tokenizer.encode("🙂", add_special_tokens=False).ids
    decoder = IncrementalDecoder(tokenizer)
    assert [decoder.push(t) for t in ids[:-1]] == [""] * (len(ids) - 1)
    assert decoder.flush() == "\ufffd" and decoder.pending == []


def test_stop_strings_match_at_the_token_that_completes_one(tokenizer):
    from miniserve.service.textstream import StopStrings

    ids = tokenizer.encode("He went to school. Then he came home.").ids
    stop = StopStrings(tokenizer, ["school."])
    first = next(k for k in range(1, len(ids) + 1) if "school." in tokenizer.decode(ids[:k]))
    assert [stop.matched(ids[:k]) for k in range(1, len(ids) + 1)].index(True) == first - 1
    assert not StopStrings(tokenizer, ["homework"]).matched(ids) and not StopStrings(tokenizer, []).matched(ids)
