"""Command line: `python -m rules_core list | describe ID | odds ID --inputs JSON | resolve ID --inputs JSON`.

Prints the entry point's JSON. Any refusal (unknown id, bad JSON, an input out
of range) exits with status 2 and one line on stderr naming the field and what
is allowed: never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from .errors import InputError, RulesError, shown
from .inputs import parse_inputs
from .registry import describe, odds, resolve, resolver_ids

EXIT_REFUSED = 2
"""Exit status for a refused command or input."""
EXIT_BROKEN_PIPE = 141
"""Exit status when the reader of stdout went away (`... | head`): 128 + SIGPIPE, as a shell reports it."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line like every other refusal."""

    def error(self, message: str) -> NoReturn:
        raise RulesError(f"usage: {message} (try `python -m rules_core --help`)")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m rules_core", description="Exact dice odds and resolvers for the rules site.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    commands.add_parser("list", help="every resolver id, one per line")
    show = commands.add_parser("describe", help="the inputs a resolver declares")
    show.add_argument("id")
    show.add_argument("--inputs", default=None, help="JSON object; adds the dice each keypad needs")
    for name, text in (("odds", "exact odds for these inputs"), ("resolve", "resolve one case")):
        command = commands.add_parser(name, help=text)
        command.add_argument("id")
        command.add_argument("--inputs", default="{}", help='JSON object, e.g. \'{"roll": {"base": 3, "flex": 1}}\'')
    return parser


def _inputs(text: str | None) -> dict[str, object] | None:
    if text is None:
        return None
    try:
        value = parse_inputs(text)
    except InputError as error:
        raise RulesError(f"--inputs: {error.reason}") from None
    if not isinstance(value, dict):
        raise RulesError(f"--inputs: a JSON object like {{\"roll\": {{\"base\": 3}}}}; not {shown(text)}")
    return value


def run(argv: Sequence[str]) -> object:
    """Run one command and return what it prints (a list of ids or a JSON-able dict)."""
    args = _parser().parse_args(list(argv))
    if args.command == "list":
        return resolver_ids()
    inputs = _inputs(args.inputs)
    if args.command == "describe":
        return describe(args.id, inputs)
    if args.command == "odds":
        return odds(args.id, inputs or {})
    return resolve(args.id, inputs or {})


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    try:
        answer = run(sys.argv[1:] if argv is None else argv)
    except RulesError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_REFUSED
    text = "\n".join(answer) if isinstance(answer, list) else json.dumps(answer, indent=2, ensure_ascii=False)
    try:
        print(text, flush=True)
    except BrokenPipeError:
        # The reader left (`| head`): say nothing more. Point stdout at devnull so the
        # interpreter's own flush at exit cannot raise again and print a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    return 0


if __name__ == "__main__":
    sys.exit(main())
