"""The `edition` command: one entry point, one subcommand per capability.

Each subcommand lives in its own module, which exposes ``register(subparsers)``; the module is imported
only when its command runs, so `edition play` does not pay for lxml and morphology.
"""
from __future__ import annotations

import argparse
import importlib
import sys

# command name -> module that registers it (and implements it)
COMMANDS: dict[str, str] = {
    "build": "pipeline.text.build",
    "serve": "pipeline.serve",
    "games": "pipeline.engine.cli",
    "play": "pipeline.engine.cli",
    "solve": "pipeline.solve.cli",
}


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error: ``edition play: error: argument --deal: …`` on stderr, exit code 2 (the
    usage is one `--help` away); every subcommand's parser is of this class too."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def make_parser(argv: list[str]) -> argparse.ArgumentParser:
    parser = Parser(prog="edition", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    wanted = argv[0] if argv and argv[0] in COMMANDS else None
    seen: set[str] = set()
    for name, module in COMMANDS.items():
        if module in seen:
            continue
        if wanted is not None and COMMANDS[wanted] != module:
            # keep the help listing complete without importing every module
            sub.add_parser(name)
            continue
        seen.add(module)
        importlib.import_module(module).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = make_parser(argv).parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
