"""The `miniserve` command."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from importlib import metadata
from pathlib import Path

from miniserve import console
from miniserve.model import reference
from miniserve.tutor import model_folder
from miniserve.tutor.runtime.prompt import TutorPrompt
from miniserve.model.weights import ModelFormatError, load_model


CUT_OFF = 3  # exit code: an answer was cut off (the model did not finish it within the length limit)


def correct(args: argparse.Namespace) -> int:
    """Correct a sentence or a paragraph (`-`: read from stdin) with the same tutoring flow as POST
    /correct: one sentence answers as its `sentence` form, several as its `text` form."""
    from miniserve.config import Settings
    from miniserve.service.paragraph import sentences
    from miniserve.service.tutoring import InputProblem, Tutor, run_sync

    folder = Path(args.model) if args.model else model_folder()
    try:
        text = read_stdin() if args.text == "-" else args.text
        settings = Settings.from_env(gate_threshold=args.gate_threshold, max_new_tokens=args.max_new_tokens)
        config, weights = load_model(folder)
        prompt = TutorPrompt.from_folder(folder)
        tutor = Tutor.configured(settings, prompt, config.n_positions)
        plan = tutor.plan(text, paragraph=len(sentences(text)) > 1)
    except InputProblem as problem:  # the server's own check and words: its 422 says the same
        print(f"error: {problem}", file=sys.stderr)
        return 2
    except (ValueError, ModelFormatError, FileNotFoundError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.engine == "reference":
        run_sync(plan.turns, lambda seqs: reference.run(config, weights, seqs))
    else:
        from miniserve.engine import Engine

        run_sync(plan.turns, Engine(config, weights, n_slots=32, max_step_tokens=512).run)
    answer = plan.answer()
    if args.json:
        print(json.dumps(answer, ensure_ascii=False))
    elif plan.paragraph:
        print(f"corrected:   {answer['corrected']}")
        for s in answer["sentences"]:
            if s["changed"] or s["withheld"]:
                print(f"sentence {s['index'] + 1}: {s['explanation']}{' (withheld)' if s['withheld'] else ''}")
    else:
        print(f"corrected:   {answer['corrected']}\nexplanation: {answer['explanation']}")
        if answer["withheld"]:
            print("withheld:    the suggestion was not sure or not a verb-form edit")
    cut = [i + 1 for i, t in enumerate(plan.turns) if t.cut_off]
    if cut:
        print(f"error: the model did not finish its answer to sentence(s) {', '.join(map(str, cut))} "
              "within the length limit", file=sys.stderr)
        return CUT_OFF
    return 0


def read_stdin() -> str:
    try:
        return sys.stdin.buffer.read().decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"the text on stdin is not UTF-8 ({error.reason} at byte {error.start})") from None


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
    from miniserve.http.server import preflight, run  # after the settings check: a bad flag fails at once

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
    parser = console.ArgumentParser(prog="miniserve", description="A small LLM inference server for the CPU.")
    parser.add_argument("--version", action="version", version=f"miniserve {version()}")
    commands = parser.add_subparsers(dest="command", required=True, help="what to do")
    c = commands.add_parser("correct", help="correct the verbs of a sentence or a paragraph with the tutor model",
                            description="The same tutoring flow as POST /correct (edit constraint, guard, gate). "
                                        "Exit codes: 0 answered, 2 bad input or model, 3 an answer was cut off.")
    c.add_argument("text", help="the sentence or paragraph to correct; - reads it from stdin (the server's input rules apply)")
    c.add_argument("--model", help="a GPT-2 model folder (default: the shipped tutor)")
    c.add_argument("--json", action="store_true", help="print the answer as POST /correct does, without usage")
    c.add_argument("--engine", choices=("numba", "reference"), default="numba",
                   help="the Numba engine (default) or the NumPy full-recompute reference")
    c.add_argument("--gate-threshold", type=float, help="the gate's least margin in nats (env MINISERVE_GATE_THRESHOLD)")
    c.add_argument("--max-new-tokens", type=int, help="upper bound on generated tokens per sentence (env MINISERVE_MAX_NEW_TOKENS)")
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


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.run(args)


def console_main() -> None:
    """The `miniserve` console script."""
    console.run(main)


if __name__ == "__main__":
    console_main()
