"""The scheduler: admits requests into the engine's batch and hands out their tokens."""

from miniserve.scheduler.errors import Overloaded, StepFailed, Unavailable
from miniserve.scheduler.scheduler import Scheduler, StepRecord

__all__ = ["Overloaded", "Scheduler", "StepFailed", "StepRecord", "Unavailable"]
