"""The rules and core layers never import Textual or Rich (data flows one way: rules, then core, then the screens)."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "wordcards"
UI_MODULES = {"screen.py", "render.py", "ui.py"}  # the Textual screens, their Rich text, the UI adapters
TOY = Path(__file__).resolve().parent / "toy_game"
PURE = [p for p in sorted((PACKAGE / "core").glob("*.py"))] + [
    p for p in [*sorted((PACKAGE / "games").rglob("*.py")), *sorted(TOY.glob("*.py"))] if p.name not in UI_MODULES
]


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", PURE, ids=[str(p.relative_to(PACKAGE.parent)) for p in PURE])
def test_rules_and_core_are_pure(path):
    assert not imported(path) & {"textual", "rich", "click"}
