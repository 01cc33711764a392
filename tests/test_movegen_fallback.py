"""The Python move generator stands in wherever no C compiler built the compiled one: the movegen tests, crossword
playouts included, pass on it alone (in a fresh interpreter that cannot import the compiled module)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_the_movegen_tests_pass_with_the_compiled_search_hidden():
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.without_native",
                          "-o", "addopts=", "tests/test_movegen.py"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "4 skipped" in run.stdout  # the tests of the compiled search itself
