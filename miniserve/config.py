"""Every setting of the service, once, with its default, parsed by pydantic-settings.

`miniserve serve --max-queue 64` and the environment variable MINISERVE_MAX_QUEUE=64 set the same
field; a flag wins over the variable. A setting is one field below: its type and bounds are the
check, its description the help line, and `cli`/`cli_off` (optional) list other names its flags
answer to (vLLM's, so that a command line written for vLLM keeps working). A switch (bool) is
`--name`/`--no-name` and takes 0/1, true/false too. A bad value is a `SettingsError`
whose one line names the flag or variable it came from and what was expected.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal, Mapping

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, EnvSettingsSource, SettingsConfigDict

from miniserve.http.proxy import networks

PREFIX = "MINISERVE_"
Scheduler = Literal["continuous", "static", "async", "sync"]
SCHEDULERS: tuple[str, ...] = Scheduler.__args__


def setting(default, help: str, cli: tuple[str, ...] = (), cli_off: tuple[str, ...] = (), **bounds):
    """One field: its default, its help line, other flag names (`cli`; for a switch, `cli_off` are
    other names of its --no- flag) and pydantic bounds (ge=1...)."""
    return Field(default, description=help, json_schema_extra={"cli": list(cli), "cli_off": list(cli_off)}, **bounds)


class SettingsError(ValueError):
    """A setting with a bad value, said in one line."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix=PREFIX, frozen=True, extra="forbid", protected_namespaces=())

    # where to listen
    host: str = setting("127.0.0.1", "address to listen on")
    port: int = setting(8000, "port to listen on", ge=1, le=65535)
    # what to serve
    model: str = setting("", "GPT-2 model folder (default: the shipped tutor)")
    model_name: str = setting("", "id in /v1/models (default: miniserve-tutor or the folder name)",
                              cli=("--served-model-name",))
    scheduler: Scheduler = setting("continuous", "continuous | static | async | sync")
    engine_process: bool = setting(False, "the engine core (model, KV cache, compute thread) runs in a process of its own")
    api_processes: int = setting(1, "HTTP processes sharing the port; above 1 they share one engine core process "
                                 "(docs/scale.md)", cli=("--api-server-count",), ge=1, le=64)
    # capacity: Little's law sizing in docs/service.md
    max_batch: int = setting(32, "sequences per step (the compute batch)", cli=("--max-num-seqs",), ge=1)
    n_slots: int = setting(0, "KV slots: sequences admitted at once (0 = max_batch)", ge=0)
    max_queue: int = setting(64, "waiting requests before 503 (about 2 batches)", ge=1)
    step_token_budget: int = setting(256, "tokens per step, decodes first, then prefill chunks", ge=1)
    prefix_reuse: bool = setting(True, "a prompt's start that a KV slot still holds is taken from it, not computed "
                                 "again (the gate scores answers after the prompt just decoded; docs/engine.md)",
                                 cli=("--enable-prefix-caching",), cli_off=("--no-enable-prefix-caching",))
    # prompt-lookup speculative decoding (docs/engine.md): drafts use only a step's spare token budget
    speculate: bool = setting(True, "draft tokens from the prompt and verify them")
    speculate_k: int = setting(1, "speculation: tokens drafted at most per sequence and step", ge=1)
    speculate_n: int = setting(3, "speculation: longest suffix matched (down to 1 token)", ge=1)
    speculate_history: int = setting(64, "speculation: finished answers searched for drafts too", ge=0)
    speculate_rows: int = setting(16, "speculation: drafts only fill a step up to this many tokens", ge=0)
    # the tutor (docs/model.md): decoding may only copy the input and change verb forms
    edit_constraint: bool = setting(True, "the tutor's answers copy the input and change verb forms only")
    # the tutor's confidence gate (docs/model.md): an edit stays only if the model prefers it to the input
    gate: bool = setting(True, "score each proposed edit against the input as typed and withhold the unsure ones")
    parser_workers: int = setting(2, "the gate's Link Grammar worker processes: an answer's parses run side by side "
                                  "(one more reads inputs early; docs/service.md)", ge=1, le=16)
    gate_threshold: float = setting(2.0, "the gate: least log-probability margin (nats) an edit needs, "
                                    "calibrated with python -m miniserve.tutor.evaluation.calibrate; below 0 keeps edits less likely than the copy")
    record_steps: str = setting("", "write every sequence and step of the core loop to this file at exit, "
                                "for python -m bench.step_replay; a benchmark's tool: it keeps them all in memory "
                                "(default: no recording)")
    batch_wait: float = setting(0.05, "static: seconds to wait for a batch to fill", ge=0)
    # time limits
    request_timeout: float = setting(30.0, "seconds before a request gets 504", ge=0)
    drain_timeout: float = setting(20.0, "seconds in-flight requests get at shutdown", ge=0)
    drain_delay: float = setting(0.0, "seconds /readyz fails before the listener may close (behind a balancer: its detection time)", ge=0)
    write_timeout: float = setting(10.0, "seconds a client may take no bytes of its answer: then its sequences are dropped and the connection closed", gt=0)
    body_timeout: float = setting(10.0, "seconds a client gets to send the whole body (408 after)", ge=0)
    keep_alive_timeout: float = setting(30.0, "seconds an idle keep-alive connection stays open "
                                        "(and a new one waits for its request's head)", ge=0)
    idle_connections_per_address: int = setting(256, "new connections from one address that may wait for their "
                                                "request's head at once; beyond, the oldest is closed", ge=1)
    # edge
    max_body_bytes: int = setting(16_384, "request body limit (413 above)", ge=1)
    rate_limit: float = setting(0.0, "sequences/s per client (a request costs 1 per sentence or choice, at least 1), 0 = off (429 above)", ge=0)
    rate_burst: int = setting(20, "sequences a client may start at once (a larger request gets 429)", ge=1)
    trusted_proxies: str = setting("", "addresses/CIDRs, comma-separated, whose X-Forwarded-For names the client (default: none)")
    # generation
    max_new_tokens: int = setting(160, "upper bound on generated tokens per request", ge=1)
    # logs (stderr)
    log_format: Literal["auto", "text", "json"] = setting("auto", "text | json (auto: text on a terminal, JSON otherwise)")
    log_level: Literal["debug", "info", "warning", "error"] = setting("info", "debug | info | warning | error")
    access_log: bool = setting(True, "one log line per request", cli_off=("--disable-log-requests",))

    @field_validator("trusted_proxies")
    @classmethod
    def _parse_proxies(cls, value: str) -> str:
        networks(value)  # a ValueError names the bad address
        return value

    @field_validator("record_steps")
    @classmethod
    def _recording_can_be_written(cls, value: str) -> str:
        folder = Path(value).expanduser().resolve().parent
        if value and not (folder.is_dir() and os.access(folder, os.W_OK)):  # say so now, not at exit
            raise ValueError(f"no writable folder {folder} for the recording")
        return value

    @model_validator(mode="after")
    def _sync_runs_inline(self):
        if (self.engine_process or self.api_processes > 1) and self.scheduler == "sync":
            raise ValueError("the sync scheduler steps the engine inline in the handler: "
                             "it cannot use --engine-process or --api-processes above 1")
        return self

    @classmethod
    def settings_customise_sources(cls, settings_cls, init_settings, env_settings, dotenv_settings, file_secret_settings):
        return init_settings, env_settings  # flags (given as init values), then MINISERVE_* variables

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides) -> "Settings":
        """The settings from `environ` (default: the process's), with `overrides` (None = not given)
        on top, or a SettingsError naming each bad flag or variable."""
        given = {k: v for k, v in overrides.items() if v is not None}
        try:
            if environ is None:
                return cls(**given)
            return _from_mapping(cls, environ, given)
        except ValidationError as error:
            raise SettingsError(_one_line(error, given)) from None

    @classmethod
    def describe(cls) -> str:
        return "\n".join(f"{env_name(name):<30} {f.default!r:>12}  {f.description}" for name, f in cls.model_fields.items())


def env_name(field: str) -> str:
    return PREFIX + field.upper()


def flag_name(field: str) -> str:
    return "--" + field.replace("_", "-")


def _one_line(error: ValidationError, flags: Mapping[str, object]) -> str:
    """Each problem as `--flag 'value'` or `MINISERVE_NAME='value'`, then what was expected."""
    said = []
    for problem in error.errors(include_url=False):
        name = str(problem["loc"][0]) if problem["loc"] else ""
        where = f"{flag_name(name)} {problem['input']!r}" if name in flags else f"{env_name(name)}={problem['input']!r}"
        said.append(f"{where}: {problem['msg']}")
    return "; ".join(said)


class _MappingEnv(EnvSettingsSource):
    """The environment source over a given mapping instead of os.environ (tests, manifests)."""

    def __init__(self, settings_cls, environ: Mapping[str, str]):
        self._environ = environ
        super().__init__(settings_cls)

    def _load_env_vars(self):
        return {name if self.case_sensitive else name.lower(): value for name, value in self._environ.items()}


def _from_mapping(cls: type[Settings], environ: Mapping[str, str], given: dict) -> Settings:
    # model_validate does not call __init__, so the process's own variables cannot leak in.
    return cls.model_validate({**_MappingEnv(cls, environ)(), **given})
