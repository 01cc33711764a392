"""The suite itself: no test may pass while asserting nothing because its every assert sits under an ``if``, and the
seeded playouts play their full count only when asked to."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path


def asserts_only_under_an_if(test: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    guarded, plain = 0, 0

    def visit(node: ast.AST, under_if: bool) -> None:
        nonlocal guarded, plain
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            inside = under_if or isinstance(node, ast.If) and child is not node.test
            if isinstance(child, ast.Assert):
                guarded, plain = (guarded + 1, plain) if inside else (guarded, plain + 1)
            elif isinstance(child, ast.With) and "raises" in ast.unparse(child.items[0].context_expr):
                plain += 1  # pytest.raises asserts too
            visit(child, inside)

    visit(test, False)
    return guarded > 0 and plain == 0


def test_no_test_asserts_only_under_an_if():
    vacuous = []
    for path in sorted(Path(__file__).parent.rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                if asserts_only_under_an_if(node):
                    vacuous.append(f"{path.name}::{node.name}")
    assert vacuous == []


def test_the_check_finds_a_test_whose_asserts_all_sit_under_an_if():
    source = "def test_x(screen):\n    if screen:\n        assert screen.ok\n"
    assert asserts_only_under_an_if(ast.parse(source).body[0])  # type: ignore[arg-type]
    assert not asserts_only_under_an_if(ast.parse("def test_y(s):\n    assert s\n").body[0])  # type: ignore[arg-type]


def test_playouts_play_each_case_once_unless_the_full_run_is_asked_for():
    code = "from tests import test_fez_playouts as f, test_table_fuzz as t; print(f.GAMES_PER_CASE, t.ACTIONS)"

    def counts(**env: str) -> str:
        quick = {k: v for k, v in os.environ.items() if k != "WORDCARDS_FULL_PLAYOUTS"}
        run = subprocess.run([sys.executable, "-c", code], env={**quick, **env}, capture_output=True, text=True,
                             cwd=Path(__file__).parent.parent)
        return run.stdout.strip() or run.stderr

    assert counts() == "1 500"
    assert counts(WORDCARDS_FULL_PLAYOUTS="1") == "8 5000"
