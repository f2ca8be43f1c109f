"""The engine and the core loop that the settings describe: built the same way in the server
process (in-process mode) and in the engine core process."""

from __future__ import annotations

from pathlib import Path

from miniserve.config import Settings
from miniserve.engine.draft import PromptLookup
from miniserve.engine.engine import Engine
from miniserve.engine.loop import CoreLoop
from miniserve.engine.policy import policy_for
from miniserve.engine.recorder import StepRecorder


def build_engine(settings: Settings, folder: Path) -> Engine:
    s = settings
    drafter = (PromptLookup(k=s.speculate_k, n=s.speculate_n, history=s.speculate_history, max_rows=s.speculate_rows)
               if s.speculate else None)
    return Engine.from_folder(folder, n_slots=s.n_slots or s.max_batch, max_step_tokens=s.step_token_budget,
                              drafter=drafter, reuse_prefixes=s.prefix_reuse)


def build_loop(engine: Engine, settings: Settings) -> CoreLoop:
    """The same in the in-process Scheduler and in the engine core process."""
    policy = policy_for(settings.scheduler, settings.max_batch, settings.batch_wait)
    loop = CoreLoop(engine, policy, settings.step_token_budget, min(settings.max_batch, engine.cache.n_slots))
    if settings.record_steps:
        loop.recorder = StepRecorder(settings.record_steps)
    return loop
