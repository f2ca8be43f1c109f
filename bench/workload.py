"""The standard workload: what a server hosting the grammar tutor and an OpenAI-compatible API receives.

Every part has a reason (docs/report.md shows the resulting distributions):

- **Tutor sentences** (`tutor`, 70% of the mix): one learner sentence to `POST /correct?stream=true`,
  the interactive class a person waits for. Learners do not type corpus-sized sentences only: sentence
  length in learner writing is roughly lognormal, most of it short, some long and run-on. Lengths in
  characters are drawn lognormal (median SENTENCE_MEDIAN_CHARS, sigma SENTENCE_SIGMA) and clipped to
  the input limit (300 characters, and the model's context); a sentence of the drawn length is built
  from the verb corpus's held-out test split and the hand-written set (content words outside the
  lexicon), joining clauses with connectives when one is not long enough, as run-on learner
  sentences are.
- **Paragraphs** (`paragraph`, 10%): a learner pastes a short text into the page: 2 to 8 sentences
  (1 + Poisson(PARAGRAPH_EXTRA_SENTENCES), clipped) through the paragraph form `{"text": ...}` of
  `/correct` (every sentence becomes its own sequence, all submitted together), up to 2000 characters.
- **API calls** (`api`, 20%): `POST /v1/completions` with `max_tokens` drawn lognormal (median
  API_MEDIAN_TOKENS, sigma API_SIGMA), clipped to what the context leaves after the prompt and to
  the server's default cap per sequence (MAX_NEW_TOKENS; a longer ask is refused with 400): answer
  lengths of a general API are long-tailed (most short, a few hundred tokens), and the long ones are
  what a static batch makes every other request wait for. `ignore_eos` (vLLM's extension) makes
  each call generate exactly its drawn length, so the tail is the one drawn and not whatever the
  tutor model happens to stop at.

The tutor-only workload is the first class alone; both are always reported together. Everything is
drawn from one seed: the same (workload, n, seed) gives byte-identical requests.
"""

from __future__ import annotations

import csv
import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from miniserve.config import Settings

MAX_SENTENCE_CHARS = 300  # the /correct input limit (miniserve.tutor.runtime.prompt)
MAX_TEXT_CHARS = 2000  # the paragraph form's limit (docs/api.md)
SENTENCE_MEDIAN_CHARS = 60  # about 11 words: the middle of learner sentence lengths
SENTENCE_SIGMA = 0.6  # p95 about 160 characters, p99 about 240: a few run-on sentences
PARAGRAPH_EXTRA_SENTENCES = 2.5
API_MEDIAN_TOKENS = 32
API_SIGMA = 1.0  # p90 about 115 tokens, p99 about 330 (clipped to the context)
MAX_NEW_TOKENS = Settings().max_new_tokens  # the server's default cap per sequence: a longer ask is a 400
CONNECTIVES = (", and ", ", but ", " because ", ", so ", " and then ", " when ")
HANDWRITTEN = Path(__file__).resolve().parents[1] / "tests" / "data" / "handwritten.tsv"

MIXES = {
    "tutor": {"tutor": 1.0},
    "mix": {"tutor": 0.7, "paragraph": 0.1, "api": 0.2},
}


@dataclass(frozen=True)
class Request:
    kind: str  # "tutor" | "paragraph" | "api": the class its latency is reported under
    path: str
    body: bytes  # JSON, encoded once in advance: no per-request work on the load generator
    sequences: int  # sequences the server runs for it (a paragraph's sentences), for Little's law
    chars: int  # input characters (tutor text) or prompt characters (api)
    max_tokens: int  # the API call's drawn length (0 for the tutor)


@lru_cache(maxsize=1)
def _tutor_prompt():
    from miniserve.tutor import model_folder
    from miniserve.tutor.runtime.prompt import TutorPrompt

    return TutorPrompt.from_folder(model_folder())


@lru_cache(maxsize=1)
def _n_positions() -> int:
    from miniserve.tutor import model_folder

    return json.loads((model_folder() / "config.json").read_text())["n_positions"]


def fits(sentence: str) -> bool:
    """The server accepts it: within 300 characters and, with its correction, within the context."""
    from miniserve.tutor.runtime.prompt import SentenceError

    try:
        _tutor_prompt().request(sentence, _n_positions())
    except SentenceError:
        return False
    return True


@lru_cache(maxsize=1)
def _clauses() -> tuple[str, ...]:
    """Source sentences: the corpus's held-out test split and the hand-written set, in a fixed order."""
    from miniserve.tutor.corpus import v1 as corpus
    generated = [ex.sentence for ex in corpus.generate("test", 4000, seed=11)]
    with HANDWRITTEN.open() as f:
        rows = csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t")
        written = [row["sentence"] for row in rows]
    return tuple(generated + written * 4)  # the hand-written set is small: weigh it to ~8%


@lru_cache(maxsize=1)
def _names() -> frozenset[str]:
    from miniserve.tutor.corpus import lexicon
    folder = Path(lexicon.__file__).parents[1] / "data" / "lexicon"
    return frozenset((folder / "names.txt").read_text().split())


def _joinable(clause: str) -> str:
    """A sentence as the second part of a run-on sentence: no final stop, no capital unless a name or I."""
    clause = clause.rstrip(".!?")
    first = clause.split(" ", 1)[0]
    return clause if first == "I" or first in _names() else clause[0].lower() + clause[1:]


def sentence_length(rng: np.random.Generator) -> int:
    return int(np.clip(round(rng.lognormal(math.log(SENTENCE_MEDIAN_CHARS), SENTENCE_SIGMA)), 8, MAX_SENTENCE_CHARS))


def learner_sentence(rng: np.random.Generator) -> str:
    """A sentence near a drawn learner length: the closest of a few source sentences, joined with
    more clauses while it is shorter than the drawn length; never over the server's limits."""
    target = sentence_length(rng)
    clauses = _clauses()
    picks = [clauses[i] for i in rng.integers(len(clauses), size=6)]
    sentence = min(picks, key=lambda s: abs(len(s) - target))
    while len(sentence) < 0.8 * target:
        clause = clauses[rng.integers(len(clauses))]
        longer = sentence.rstrip(".!?") + CONNECTIVES[rng.integers(len(CONNECTIVES))] + _joinable(clause)
        if len(longer) > MAX_SENTENCE_CHARS or not fits(longer):
            break
        sentence = longer
    return sentence if fits(sentence) else min(picks, key=len)


def tutor_request(rng: np.random.Generator) -> Request:
    sentence = learner_sentence(rng)
    return Request("tutor", "/correct?stream=true", json.dumps({"sentence": sentence}).encode(), 1, len(sentence), 0)


def paragraph_request(rng: np.random.Generator) -> Request:
    count = int(np.clip(1 + rng.poisson(PARAGRAPH_EXTRA_SENTENCES), 2, 8))
    sentences: list[str] = []
    for _ in range(count):
        sentence = learner_sentence(rng)
        if sentence[-1] not in ".!?":
            sentence += "."  # a text's sentences are split at their stops
        if len(" ".join([*sentences, sentence])) > MAX_TEXT_CHARS:
            break
        sentences.append(sentence)
    text = " ".join(sentences)
    return Request("paragraph", "/correct?stream=true", json.dumps({"text": text}).encode(), len(sentences), len(text), 0)


def api_request(rng: np.random.Generator, model: str = "miniserve-tutor") -> Request:
    prompt = learner_sentence(rng)
    prompt_tokens = len(_tutor_prompt().encode_text(prompt))
    room = min(_n_positions() - prompt_tokens, MAX_NEW_TOKENS)
    max_tokens = int(np.clip(round(rng.lognormal(math.log(API_MEDIAN_TOKENS), API_SIGMA)), 1, room))
    body = {"model": model, "prompt": prompt, "max_tokens": max_tokens, "temperature": 0.8,
            "seed": int(rng.integers(1 << 30)), "ignore_eos": True, "stream": True,
            "stream_options": {"include_usage": True}}
    return Request("api", "/v1/completions", json.dumps(body).encode(), 1, len(prompt), max_tokens)


MAKERS = {"tutor": tutor_request, "paragraph": paragraph_request, "api": api_request}


def make(mix: str | dict[str, float], n: int, seed: int) -> list[Request]:
    """n requests of a workload (a name in MIXES or {kind: share}), in arrival order, from one seed."""
    shares = MIXES[mix] if isinstance(mix, str) else mix
    kinds = sorted(shares)
    p = np.array([shares[k] for k in kinds], dtype=float)
    rng = np.random.default_rng([seed, 7919])  # independent of the arrival times' stream
    drawn = rng.choice(len(kinds), size=n, p=p / p.sum())
    return [MAKERS[kinds[i]](rng) for i in drawn]


def describe(requests: list[Request]) -> dict:
    """Shares and length percentiles per class: what the report prints beside every result."""
    out = {}
    for kind in sorted({r.kind for r in requests}):
        rs = [r for r in requests if r.kind == kind]
        chars = np.array([r.chars for r in rs])
        row = {"share": round(len(rs) / len(requests), 3), "count": len(rs),
               "chars_p50": float(np.percentile(chars, 50)), "chars_p95": float(np.percentile(chars, 95)),
               "chars_max": int(chars.max()), "sequences_mean": round(float(np.mean([r.sequences for r in rs])), 2)}
        if kind == "api":
            tokens = np.array([r.max_tokens for r in rs])
            row |= {"max_tokens_p50": float(np.percentile(tokens, 50)), "max_tokens_p95": float(np.percentile(tokens, 95)),
                    "max_tokens_max": int(tokens.max())}
        out[kind] = row
    return out
