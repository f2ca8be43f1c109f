"""Edit-constrained decoding for the tutor: the corrected sentence may only copy the input, except
that a verb form may become another form of the same verb (an auxiliary another person or number
of itself, "to" before a verb may go). After `<|why|>` anything goes.

It implements the engine's `TokenConstraint` protocol (`allowed(generated)`), by structural typing.
The allowed corrections form a small byte-level automaton (a chain of segments: fixed text, or a
word with its alternatives). For a prefix of generated tokens we keep the set of automaton
positions it can have reached (one "state"); the allowed next tokens are those whose bytes the
automaton can still read from there, found by walking the vocabulary's byte trie alongside it, so
only the few tokens that fit are ever visited. States, transitions and answers are cached.
"""

from __future__ import annotations

from functools import cache
from typing import Sequence

import numpy as np
from tokenizers import Tokenizer

from miniserve.tutor.runtime import forms, guard
from miniserve.tutor.runtime.conjugation import by_base
from miniserve.tutor.runtime.forms import NEGATIVE, aux_family, lemmas, unknown_forms
from miniserve import console

# What an auxiliary may become: its other persons, numbers and tenses, with the same polarity.
AUX_FORMS = {
    "be": ("am", "is", "are", "was", "were", "be", "been", "being"),
    "have": ("has", "have", "had", "having"),
    "do": ("do", "does", "did", "done", "doing"),
}
# After these (and an auxiliary other than be, which adjectives follow), a word no table knows may
# be a verb we do not know ("I travel", "didn't googled").
VERB_CONTEXT = frozenset(("i", "you", "he", "she", "it", "we", "they", "who", "to"))
AUX_NEGATIVE = {
    "be": ("isn't", "aren't", "wasn't", "weren't"),
    "have": ("hasn't", "haven't", "hadn't"),
    "do": ("don't", "doesn't", "didn't"),
}


def _byte_decoder() -> dict[str, int]:
    """GPT-2's byte-level alphabet: each byte is shown as one printable character."""
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    shown, n = list(printable), 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            shown.append(256 + n)
            n += 1
    return {chr(c): b for b, c in zip(printable, shown)}


class VocabTrie:
    """The byte strings of every ordinary token, as a trie: node -> {byte: child}, node -> ids."""

    def __init__(self, tokenizer: Tokenizer, special: Sequence[int]):
        decoder = _byte_decoder()
        self.children: list[dict[int, int]] = [{}]
        self.ends: list[list[int]] = [[]]
        for token, token_id in tokenizer.get_vocab().items():
            if token_id in special:
                continue
            node = 0
            for byte in (decoder[ch] for ch in token):
                nxt = self.children[node].get(byte)
                if nxt is None:
                    nxt = len(self.children)
                    self.children[node][byte] = nxt
                    self.children.append({})
                    self.ends.append([])
                node = nxt
            self.ends[node].append(token_id)
        self.token_bytes = {tid: bytes(decoder[ch] for ch in tok) for tok, tid in tokenizer.get_vocab().items()
                            if tid not in special}


@cache
def _verb_forms(lemma: str) -> tuple[str, ...]:
    """Every spelling of every form of a known verb (never the learner's wrong forms)."""
    return tuple(sorted(by_base()[lemma].forms()))


def alternatives(toks: list[str], i: int) -> tuple[str, ...]:
    """What the word at position i may become (itself included), judged as the guard judges."""
    word = toks[i]
    family = aux_family(word)
    role = guard.role(toks, i)
    before, _ = guard.neighbours(toks, i)
    if role == "other" and word.islower() and not lemmas(word) and family is None \
            and (before in VERB_CONTEXT or aux_family(before) not in (None, "be")):
        return unknown_forms(word)
    if role == "other" or family == "modal":
        return (word,)
    if family == "to":
        return (word, "")
    if family is not None:
        table = AUX_NEGATIVE if word.lower().replace("\u2019", "'") in NEGATIVE else AUX_FORMS
        options = table[family] if word.lower() in table[family] else (word.lower(),)
    else:
        options = tuple(f for lemma in sorted(lemmas(word))
                        for f in (AUX_FORMS[lemma] if lemma in AUX_FORMS else _verb_forms(lemma)))
    if word[:1].isupper():
        options = tuple(o[:1].upper() + o[1:] for o in options)
    return tuple(dict.fromkeys((word,) + tuple(options)))


class EditAutomaton:
    """Corrections of one sentence as a chain of segments, each a tuple of byte-string choices."""

    def __init__(self, sentence: str):
        toks = guard.tokens(sentence)
        segments: list[tuple[bytes, ...]] = []
        fixed = b""
        i = 0
        while i < len(toks):
            choices = alternatives(toks, i) if toks[i][:1].isalpha() else (toks[i],)
            if len(choices) == 1:
                fixed += choices[0].encode()
                i += 1
                continue
            if fixed:
                segments.append((fixed,))
                fixed = b""
            if "" in choices and i + 1 < len(toks) and toks[i + 1] == " ":
                # Deleting "to" deletes the space after it too.
                choices = tuple(c + " " if c else "" for c in choices)
                i += 1
            segments.append(tuple(dict.fromkeys(c.encode() for c in choices)))
            i += 1
        if fixed:
            segments.append((fixed,))
        self.segments = segments
        self.end = len(segments)

    def closure(self, positions) -> frozenset:
        """Positions (segment, choice, offset) with a finished choice moved on to the next segment."""
        out, stack = set(), list(positions)
        while stack:
            k, a, o = stack.pop()
            if k == self.end:
                out.add((k, 0, 0))
                continue
            if o == len(self.segments[k][a]):
                if k + 1 == self.end:
                    stack.append((self.end, 0, 0))
                else:
                    stack.extend((k + 1, b, 0) for b in range(len(self.segments[k + 1])))
                continue
            out.add((k, a, o))
        return frozenset(out)

    def start(self) -> frozenset:
        if not self.segments:
            return frozenset({(0, 0, 0)})
        return self.closure((0, a, 0) for a in range(len(self.segments[0])))

    def step(self, state: frozenset, byte: int) -> frozenset:
        moved = [(k, a, o + 1) for k, a, o in state if k < self.end and self.segments[k][a][o] == byte]
        return self.closure(moved) if moved else frozenset()

    def next_bytes(self, state: frozenset) -> set[int]:
        return {self.segments[k][a][o] for k, a, o in state if k < self.end}

    def accepts(self, state: frozenset) -> bool:
        return (self.end, 0, 0) in state


class EditConstraint:
    """The tutor's TokenConstraint for one sentence (the text between <|endoftext|> and <|fix|>)."""

    def __init__(self, sentence: str, trie: VocabTrie, why_id: int):
        self.sentence = sentence  # its description: the engine core process rebuilds it from this
        self.automaton = EditAutomaton(sentence)
        self.trie, self.why_id = trie, why_id
        self._states: dict[tuple[int, ...], frozenset | None] = {(): self.automaton.start()}
        self._steps: dict[tuple[frozenset, int], frozenset] = {}
        self._answers: dict[frozenset, np.ndarray] = {}

    def _state(self, generated: tuple[int, ...]) -> frozenset | None:
        """The automaton state after `generated`; None once <|why|> is out (or off the automaton)."""
        state = self._states.get(generated, False)
        if state is not False:
            return state
        before = self._state(generated[:-1])
        token = generated[-1]
        if before is None or token == self.why_id or token not in self.trie.token_bytes:
            state = None
        else:
            state = before
            for byte in self.trie.token_bytes[token]:
                state = self._step(state, byte)
                if not state:
                    break
            state = state or None
        self._states[generated] = state
        return state

    def _step(self, state: frozenset, byte: int) -> frozenset:
        key = (state, byte)
        nxt = self._steps.get(key)
        if nxt is None:
            nxt = self._steps[key] = self.automaton.step(state, byte)
        return nxt

    def allowed(self, generated: Sequence[int]) -> np.ndarray | None:
        state = self._state(tuple(generated))
        if state is None:
            return None
        answer = self._answers.get(state)
        if answer is None:
            answer = self._answers[state] = self._walk(state)
        return answer

    def _walk(self, state: frozenset) -> np.ndarray:
        """Every token whose bytes the automaton can read from `state`, plus <|why|> at an end."""
        ids = [self.why_id] if self.automaton.accepts(state) else []
        children, ends = self.trie.children, self.trie.ends
        stack = [(0, state)]
        while stack:
            node, at = stack.pop()
            for byte in self.automaton.next_bytes(at):  # a few bytes, not the whole alphabet
                child = children[node].get(byte)
                if child is not None:
                    nxt = self._step(at, byte)
                    ids.extend(ends[child])
                    stack.append((child, nxt))
        if not ids:
            ids = [self.why_id]  # unreachable for a well-formed automaton; never an empty set
        return np.array(sorted(ids), dtype=np.int32)


class EditConstraints:
    """Makes an EditConstraint per sentence, sharing the vocabulary trie (built once per tokenizer)."""

    def __init__(self, tokenizer: Tokenizer, special_ids: Sequence[int], why_id: int):
        forms.load()  # at start, with the trie: not in the first request
        self.trie = VocabTrie(tokenizer, special_ids)
        self.why_id = why_id

    @classmethod
    def for_prompt(cls, prompt) -> "EditConstraints":
        """From a TutorPrompt."""
        return cls(prompt.tokenizer, (prompt.end_id, prompt.fix_id, prompt.why_id), prompt.why_id)

    def __call__(self, sentence: str) -> EditConstraint:
        return EditConstraint(sentence.strip(), self.trie, self.why_id)


def main(argv: list[str] | None = None) -> None:
    """Time `allowed` along the dev set's expected corrections: first call per prefix, then cached.

        python -m miniserve.tutor.runtime.constraint
    """
    import time

    console.ArgumentParser(prog="python -m miniserve.tutor.runtime.constraint", description=main.__doc__.splitlines()[0]).parse_args(argv)

    from miniserve.tutor import model_folder

    from miniserve.tutor.evaluation import devsets
    from miniserve.tutor.runtime.prompt import TutorPrompt

    prompt = TutorPrompt.from_folder(model_folder())
    started = time.perf_counter()
    forms.load()
    forms_ms = (time.perf_counter() - started) * 1e3
    started = time.perf_counter()
    factory = EditConstraints.for_prompt(prompt)
    trie_ms = (time.perf_counter() - started) * 1e3
    cases = devsets.dev_cases()
    walks = [(c.sentence, prompt.encode_text(c.corrected) + [prompt.why_id]) for c in cases]
    timings = {"build": 0.0, "first": 0.0, "cached": 0.0}
    calls = 0
    for sentence, ids in walks:
        t0 = time.perf_counter()
        constraint = factory(sentence)
        t1 = time.perf_counter()
        for i in range(len(ids) + 1):
            constraint.allowed(ids[:i])
        t2 = time.perf_counter()
        for i in range(len(ids) + 1):
            constraint.allowed(ids[:i])
        t3 = time.perf_counter()
        timings["build"] += t1 - t0
        timings["first"] += t2 - t1
        timings["cached"] += t3 - t2
        calls += len(ids) + 1
    print(f"verb forms: {forms_ms:.0f} ms once; vocabulary trie: {trie_ms:.1f} ms once; {len(walks)} sentences, {calls} calls")
    print(f"per sentence: build {timings['build'] / len(walks) * 1e6:.0f} us")
    print(f"per call: first {timings['first'] / calls * 1e6:.1f} us, cached {timings['cached'] / calls * 1e6:.1f} us")


if __name__ == "__main__":
    console.run(main)
