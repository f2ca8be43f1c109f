"""A recording of the core loop's work, for a benchmark to replay on the engine alone.

It keeps each sequence as it arrived (prompt, sampling parameters, the seed it drew) and each
step's plan (which sequences computed how many tokens, the drafts it verified) with the time the
step took. `bench/step_replay.py` replays exactly those steps on an engine with nothing else in its
process, so the two times of one step differ only by what serving does around it (`miniserve serve
--record-steps FILE`; docs/perf.md). Constraints and stop conditions are kept as the engine core
link describes them (engine/core/describe.py), and rebuilt by the replay.

Ownership: the thread that steps the core loop; `save` runs at the interpreter's exit."""

from __future__ import annotations

import atexit
import dataclasses
import pickle
import threading
from dataclasses import dataclass
from pathlib import Path

from miniserve.engine.sampling import SamplingParams
from miniserve.engine.sequence import Sequence


@dataclass(frozen=True, slots=True)
class Arrival:
    seq_id: int
    prompt: list[int]
    params: SamplingParams  # without its constraint and stop condition: those are described
    seed64: int
    constraint: object  # engine.core.describe's ConstraintSpec or None
    stop: object  # StopSpec or None


@dataclass(frozen=True, slots=True)
class RecordedStep:
    left: tuple[int, ...]  # sequences that left (cancelled) before this step
    items: tuple[tuple[int, int, int], ...]  # (sequence id, tokens computed now, tokens computed before)
    drafts: dict[int, list[int]]  # sequence id -> the draft tokens it verified
    started: float  # time.perf_counter() when Engine.step began (for a replay at the same pace)
    seconds: float  # Engine.step as served
    tokens: tuple[tuple[int, tuple[int, ...]], ...]  # (sequence id, tokens it got), to check a replay


@dataclass
class Recording:
    arrivals: list[Arrival]
    steps: list[RecordedStep]

    @classmethod
    def load(cls, path: str | Path) -> "Recording":
        with open(path, "rb") as f:
            return pickle.load(f)


class StepRecorder:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.recording = Recording([], [])
        self._saved = threading.Lock()
        atexit.register(self.save)

    def added(self, seq: Sequence) -> None:
        from miniserve.engine.core.describe import describe_constraint, describe_stop

        p = seq.params
        self.recording.arrivals.append(Arrival(
            seq.id, list(seq.prompt), dataclasses.replace(p, constraint=None, stop=None), seq.seed64,
            describe_constraint(p.constraint), describe_stop(p.stop)))

    def stepped(self, left: tuple[int, ...], items: tuple, drafts: dict, started: float, seconds: float,
                outputs=()) -> None:
        self.recording.steps.append(RecordedStep(left, items, {k: [int(t) for t in v] for k, v in drafts.items()},
                                                 started, seconds, tuple((o.seq_id, o.tokens) for o in outputs)))

    def save(self) -> None:
        """Write the recording (once: later calls do nothing)."""
        if not self._saved.acquire(blocking=False):
            return
        tmp = self.path.with_name(self.path.name + ".tmp")
        with open(tmp, "wb") as f:
            pickle.dump(self.recording, f, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(self.path)
