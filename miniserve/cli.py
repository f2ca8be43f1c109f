"""The `miniserve` command."""

from __future__ import annotations

import argparse
import json
import sys
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
    except (SentenceError, ModelFormatError, FileNotFoundError) as error:
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
    from dataclasses import fields

    from miniserve.config import Settings
    from miniserve.server import run

    overrides = {f.name: getattr(args, f.name) for f in fields(Settings)}
    try:
        settings = Settings.from_env(**overrides)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    run(settings, args.host, args.port)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="miniserve", description="A small LLM inference server for the CPU.")
    commands = parser.add_subparsers(dest="command", required=True)
    c = commands.add_parser("correct", help="correct the verbs of one sentence with the tutor model")
    c.add_argument("sentence")
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
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    for f in fields(Settings):
        kwargs = {"choices": SCHEDULERS} if f.name == "scheduler" else {}
        s.add_argument(f"--{f.name.replace('_', '-')}", type=type(f.default), default=None, help=f.metadata["help"], **kwargs)
    s.set_defaults(run=serve)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
