"""Every hint a command's messages give names an option that command has (issue 51: ``fsviz recommend`` said "use
fewer --folds", an option it does not have). The messages are walked as written: for each sub-command, every
function of :mod:`fsviz.cli` it can reach (calls and module constants, followed by name) and each ``--option`` in
their strings, docstrings aside, against the sub-command's parser."""

import ast
import re
from pathlib import Path

import pytest

from fsviz.cli import COMMANDS
from fsviz.cli.parser import build_parser

CLI = Path(__file__).resolve().parents[2] / "fsviz" / "cli"
OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")
#: The sub-commands whose function is a lambda, and the function it calls.
CALLS = {"export": "export_command", "plot": "plot_command"}


def _names_and_strings():
    """Each function's and module constant's name → [(strings, the functions it calls and constants it reads)]."""
    found = {}
    for path in sorted(CLI.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                body = node.body
                doc = body[0].value if body and isinstance(body[0], ast.Expr) else None
                scope, name = node, node.name
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                doc, scope, name = None, node.value, node.targets[0].id
            else:
                continue
            strings, used = [], set()
            for sub in ast.walk(scope):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and sub is not doc:
                    strings.append(sub.value)
                elif isinstance(sub, ast.Call):  # a function called, by its name or as an attribute
                    used.add(getattr(sub.func, "id", None) or getattr(sub.func, "attr", None))
                elif isinstance(sub, ast.Name) and sub.id.lstrip("_").isupper():  # a module constant
                    used.add(sub.id)
            found.setdefault(name, []).append((strings, used))
    return found


def _sub_parsers():
    action = next(a for a in build_parser()._actions if a.__class__.__name__ == "_SubParsersAction")
    return action.choices


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_hint_of_a_command_names_one_of_its_options(command):
    found, parser = _names_and_strings(), _sub_parsers()[command]
    options = set(parser._option_string_actions)
    # an option a command leaves out by default (recommend: workers=None) is never checked, so never named
    absent = {f"--{dest.replace('_', '-')}" for dest, value in parser._defaults.items() if value is None}
    root = COMMANDS[command].__name__
    seen, todo, wrong = set(), [CALLS.get(command, root)], []
    while todo:
        name = todo.pop()
        if name in seen or name not in found:
            continue
        seen.add(name)
        for strings, used in found[name]:
            for text in strings:
                wrong += [(name, option, text[:100]) for option in OPTION.findall(text)
                          if option not in options and not (text == option and option in absent)]
            todo += used
    assert not wrong, f"`fsviz {command}` names options it does not have: {wrong}"
