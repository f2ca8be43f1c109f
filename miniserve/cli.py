"""The `miniserve` command."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from importlib import metadata
from pathlib import Path

from miniserve import reference
from miniserve.tutor import model_folder
from miniserve.tutor.guard import review
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
    shown = review(args.sentence, result.corrected, result.explanation if result.complete else "")  # as /correct
    if args.json:
        print(json.dumps({"corrected": shown.corrected, "explanation": shown.explanation}, ensure_ascii=False))
    else:
        print(f"corrected:   {shown.corrected}\nexplanation: {shown.explanation}")
    if not result.complete:
        print("warning: the model did not finish its answer within the length limit", file=sys.stderr)
    return 0


def serve(args: argparse.Namespace) -> int:
    """Start the server, or say in one log line why it cannot (exit code 2, no traceback)."""
    from miniserve.config import Settings, SettingsError
    from miniserve.logs import setup_logging

    log = logging.getLogger("miniserve.cli")
    try:
        settings = Settings.from_env(**{name: getattr(args, name) for name in Settings.model_fields})
    except SettingsError as error:
        setup_logging()
        log.error("%s", error)
        return 2
    setup_logging(settings.log_format, settings.log_level)
    from miniserve.server import preflight, run  # after the settings check: a bad flag fails at once

    problem = preflight(settings, settings.host, settings.port)
    if problem:
        log.error("%s", problem)
        return 2
    return run(settings, settings.host, settings.port)


def version() -> str:
    try:
        return metadata.version("miniserve")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="miniserve", description="A small LLM inference server for the CPU.")
    parser.add_argument("--version", action="version", version=f"miniserve {version()}")
    commands = parser.add_subparsers(dest="command", required=True, help="what to do")
    c = commands.add_parser("correct", help="correct the verbs of one sentence with the tutor model")
    c.add_argument("sentence", help="the sentence to correct (the server's /correct input rules apply)")
    c.add_argument("--model", help="a GPT-2 model folder (default: the shipped tutor)")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.add_argument("--engine", choices=("numba", "reference"), default="numba",
                   help="the Numba engine (default) or the NumPy full-recompute reference")
    c.set_defaults(run=correct)

    from miniserve.config import Settings

    s = commands.add_parser("serve", help="start the HTTP server (Hypercorn, trio worker)",
                            epilog="Every option can also be set as the variable its help names; a flag wins.")
    add_settings(s, Settings)
    s.set_defaults(run=serve)
    return parser


def add_settings(parser: argparse.ArgumentParser, settings) -> None:
    """One flag per setting (plus its other names), its default and variable in the help. Values
    stay strings here: the settings model checks them, so a flag and its variable fail alike."""
    from miniserve.config import env_name, flag_name

    for name, f in settings.model_fields.items():
        names = [flag_name(name), *f.json_schema_extra["cli"]]
        default = {True: "on", False: "off"}.get(f.default, f.default) if f.annotation is bool else repr(f.default)
        said = "" if "default" in f.description else f"default: {default}; "
        shown = f"{f.description} ({said}env {env_name(name)})".replace("%", "%%")
        if f.annotation is bool:
            parser.add_argument(*names, dest=name, nargs="?", const="true", metavar="0|1", help=shown)
            parser.add_argument(flag_name("no_" + name), *f.json_schema_extra["cli_off"], dest=name,
                                action="store_const", const="false", help=f"the same as {names[0]} 0")
        else:
            choices = getattr(f.annotation, "__args__", None)
            parser.add_argument(*names, dest=name, metavar="{" + ",".join(choices) + "}" if choices else None, help=shown)


class OneLineParser(argparse.ArgumentParser):
    """A usage error is one line and exit code 2 (argparse prints the whole usage first)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
