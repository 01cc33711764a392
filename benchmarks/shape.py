"""The shape of the code, per module: lines, functions (methods included), and branches on how people sit.

    python benchmarks/shape.py [PATH ...]      (default: wordcards/)

A "seating branch" is an ``if``, a conditional expression or a boolean test that reads ``hosted``, ``shared`` or
``watching``: the flags the table screen once carried for solo, hot seat, hosted and spectator screens. Compare two
checkouts by running it in each.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

FLAGS = {"hosted", "shared", "watching"}


def reads_a_flag(node: ast.AST) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and sub.id in FLAGS or isinstance(sub, ast.Attribute) and sub.attr in FLAGS:
            return True
    return False


def shape(path: Path) -> tuple[int, int, int]:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    functions = sum(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in ast.walk(tree))
    branches = sum(isinstance(n, (ast.If, ast.IfExp, ast.While)) and reads_a_flag(n.test) for n in ast.walk(tree))
    return len(source.splitlines()), functions, branches


def main(roots: list[str]) -> None:
    rows = [(str(p), *shape(p)) for root in roots for p in sorted(Path(root).rglob("*.py"))]
    width = max(len(r[0]) for r in rows)
    print(f"{'module':<{width}}  lines  functions  seating-branches")
    for name, lines, functions, branches in rows:
        print(f"{name:<{width}}  {lines:5d}  {functions:9d}  {branches:16d}")
    total = [sum(r[i] for r in rows) for i in (1, 2, 3)]
    print(f"{'total':<{width}}  {total[0]:5d}  {total[1]:9d}  {total[2]:16d}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["wordcards"])
