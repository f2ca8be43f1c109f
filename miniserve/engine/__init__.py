"""The engine: synchronous, no trio, no HTTP. A KV cache, sequences, sampling, and the batched step."""

from miniserve.engine.cache import KVCache
from miniserve.engine.constraint import AllowedTokens, TokenConstraint
from miniserve.engine.draft import PromptLookup
from miniserve.engine.engine import Engine
from miniserve.engine.output import StepOutput
from miniserve.engine.plan import StepPlan
from miniserve.engine.sampling import SamplingParams
from miniserve.engine.sequence import Sequence, Status

__all__ = ["AllowedTokens", "Engine", "KVCache", "PromptLookup", "SamplingParams", "Sequence", "Status", "StepOutput",
           "StepPlan", "TokenConstraint"]
