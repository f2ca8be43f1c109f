"""The `miniserve` command."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from importlib import metadata
from pathlib import Path

from miniserve import reference
from miniserve.tutor import model_folder
from miniserve.tutor.prompt import SentenceError, TutorPrompt
from miniserve.weights import ModelFormatError, load_model


def correct(args: argparse.Namespace) -> int:
    folder = Path(args.model) if args.model else model_folder()
    try:
        config, weights = load_model(folder)
        prompt = TutorPrompt.from_folder(folder)
        ids, max_new_tokens = prompt.request(args.sentence, config.n_positions)
    except SentenceError as error:  # the server's own check and words: its 422 says "sentence: ..."
        print(f"error: sentence: {error}", file=sys.stderr)
        return 2
    except (ModelFormatError, FileNotFoundError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.engine == "reference":
        generated = reference.generate_greedy(config, weights, ids, max_new_tokens)
    else:
        from miniserve.engine import Engine, SamplingParams

        engine = Engine(config, weights, n_slots=1, max_step_tokens=config.n_positions)
        generated = engine.generate([ids], SamplingParams(max_new_tokens=max_new_tokens))[0].generated
    result = prompt.parse(generated)
    if args.json:
        print(json.dumps({"corrected": result.corrected, "explanation": result.explanation}, ensure_ascii=False))
    else:
        print(f"corrected:   {result.corrected}\nexplanation: {result.explanation}")
    if not result.complete:
        print("warning: the model did not finish its answer within the length limit", file=sys.stderr)
    return 0


def serve(args: argparse.Namespace) -> int:
    """Start the server, or say in one JSON log line why it cannot (exit code 2, no traceback)."""
    from dataclasses import fields

    from miniserve.config import Settings
    from miniserve.logs import setup_logging
    from miniserve.server import preflight, run

    setup_logging()
    log = logging.getLogger("miniserve.cli")
    overrides = {f.name: getattr(args, f.name) for f in fields(Settings)}
    try:
        settings = Settings.from_env(**overrides)
        host = args.host or os.environ.get("MINISERVE_HOST", "127.0.0.1")
        port = args.port if args.port is not None else env_port()
    except ValueError as error:
        log.error("%s", error)
        return 2
    problem = preflight(settings, host, port)
    if problem:
        log.error("%s", problem)
        return 2
    return run(settings, host, port)


def env_port() -> int:
    raw = os.environ.get("MINISERVE_PORT", "8000")
    if not raw.isdigit() or not 0 < int(raw) < 65536:
        raise ValueError(f"MINISERVE_PORT must be a port number (1-65535), not {raw!r}")
    return int(raw)


def version() -> str:
    try:
        return metadata.version("miniserve")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="miniserve", description="A small LLM inference server for the CPU.")
    parser.add_argument("--version", action="version", version=f"miniserve {version()}")
    commands = parser.add_subparsers(dest="command", required=True, help="what to do")
    c = commands.add_parser("correct", help="correct the verbs of one sentence with the tutor model")
    c.add_argument("sentence", help="the sentence to correct (the server's /correct input rules apply)")
    c.add_argument("--model", help="a GPT-2 model folder (default: the shipped tutor)")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.add_argument("--engine", choices=("numba", "reference"), default="numba",
                   help="the Numba engine (default) or the NumPy full-recompute reference")
    c.set_defaults(run=correct)

    from dataclasses import fields

    from miniserve.config import SCHEDULERS, Settings

    s = commands.add_parser("serve", help="start the HTTP server (Hypercorn, trio worker)",
                            epilog="Every option can also be set as MINISERVE_<NAME>:\n" + Settings.describe(),
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--host", help="address to listen on (env MINISERVE_HOST; default 127.0.0.1)")
    s.add_argument("--port", type=int, help="port to listen on (env MINISERVE_PORT; default 8000)")
    for f in fields(Settings):
        kwargs = {"choices": SCHEDULERS} if f.name == "scheduler" else {}
        s.add_argument(f"--{f.name.replace('_', '-')}", type=type(f.default), default=None, help=f.metadata["help"], **kwargs)
    s.set_defaults(run=serve)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
