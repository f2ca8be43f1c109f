"""Constraints and stop conditions cross to the engine core as small descriptions (their inputs:
ids, a sentence, stop strings), never as objects: the core rebuilds each from its description with
its own tokenizer. A kind the link does not know is refused on the API side, when it is described.

Kinds: `allowed_token_ids` (AllowedTokens), the tutor's edit constraint (EditConstraint, rebuilt
from its sentence), stop strings (StopStrings, rebuilt with the core's tokenizer), and the tutor's
runaway limit (Runaway)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from miniserve.engine.constraint import AllowedTokens
from miniserve.engine.stop import Runaway


class Allowed(msgspec.Struct, tag="allowed", array_like=True, frozen=True):
    ids: list[int]


class Edit(msgspec.Struct, tag="edit", array_like=True, frozen=True):
    sentence: str


class StopText(msgspec.Struct, tag="stop_text", array_like=True, frozen=True):
    stops: list[str]
    skip_special_tokens: bool


class RunawaySpec(msgspec.Struct, tag="runaway", array_like=True, frozen=True):
    why_id: int
    limit: int


ConstraintSpec = Allowed | Edit
StopSpec = StopText | RunawaySpec


def describe_constraint(constraint) -> ConstraintSpec | None:
    from miniserve.tutor.runtime.constraint import EditConstraint

    if constraint is None:
        return None
    if isinstance(constraint, AllowedTokens):
        return Allowed(constraint.ids.tolist())
    if isinstance(constraint, EditConstraint):
        return Edit(constraint.sentence)
    raise ValueError(f"the engine core process cannot rebuild a {type(constraint).__name__} constraint")


def describe_stop(stop) -> StopSpec | None:
    from miniserve.service.textstream import StopStrings

    if stop is None:
        return None
    if isinstance(stop, StopStrings):
        return StopText(list(stop.stops), stop.skip)
    if isinstance(stop, Runaway):
        return RunawaySpec(stop.why_id, stop.limit)
    raise ValueError(f"the engine core process cannot rebuild a {type(stop).__name__} stop condition")


class Rebuilder:
    """The core's side: objects from descriptions, with the model folder's tokenizer (loaded on first
    use: a model without one never gets text-based kinds) and one edit-constraint factory."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._tokenizer = self._edits = None

    @property
    def tokenizer(self):
        if self._tokenizer is None:
            from tokenizers import Tokenizer

            self._tokenizer = Tokenizer.from_file(str(self.folder / "tokenizer.json"))
        return self._tokenizer

    def prepare(self) -> None:
        """Build the edit-constraint factory now (a vocabulary trie: a fraction of a second) rather
        than in the first request, if the folder holds a tutor's tokenizer."""
        if (self.folder / "tokenizer.json").is_file():
            try:
                self._edit_factory()
            except ValueError:  # not the tutor's tokenizer: no edit constraints will come
                pass

    def _edit_factory(self):
        if self._edits is None:
            from miniserve.tutor.runtime.constraint import EditConstraints
            from miniserve.tutor.runtime.prompt import TutorPrompt

            self._edits = EditConstraints.for_prompt(TutorPrompt(self.tokenizer))
        return self._edits

    def constraint(self, spec: ConstraintSpec | None):
        if spec is None:
            return None
        if isinstance(spec, Allowed):
            return AllowedTokens(spec.ids)
        return self._edit_factory()(spec.sentence)

    def stop(self, spec: StopSpec | None):
        if spec is None:
            return None
        if isinstance(spec, RunawaySpec):
            return Runaway(spec.why_id, spec.limit)
        from miniserve.service.textstream import StopStrings

        return StopStrings(self.tokenizer, spec.stops, spec.skip_special_tokens)
