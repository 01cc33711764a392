"""The memory that reading the definitions costs: peak and kept resident memory, in a fresh process each run.

    python benchmarks/definitions_memory.py [runs]

Each run starts a new Python, imports ``wordcards.core.definitions``, notes its resident memory (``/proc/self/statm``)
and peak (``ru_maxrss``), reads the file (``definitions.entries()``, as the table does on first use), looks one word up,
and notes both again. Peak is how far the highest resident memory rose above the memory before the read; kept is
the rise that remains after it. The median of the runs is printed, with the file's size.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
RUN = """
import json, os, resource
from wordcards.core import definitions
page = os.sysconf("SC_PAGE_SIZE")
def resident():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * page
before, peak_before = resident(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
definitions.entries()
assert definitions.define("kahawais") is not None
after, peak = resident(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"kept": after - before, "peak": peak - before, "peak_before": peak_before - before}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="?", type=int, default=5, help="fresh processes to measure (default 5)")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    runs = [json.loads(subprocess.run([sys.executable, "-c", RUN], capture_output=True, text=True, check=True,
                                      env=env).stdout) for _ in range(args.runs)]
    size = (HERE / "dictionaries" / "definitions.txt").stat().st_size
    print(f"definitions.txt {size / 2**20:.1f} MB")
    for key in ("peak", "kept"):
        print(f"{key:5} {statistics.median(run[key] for run in runs) / 2**20:5.1f} MB"
              f"   (runs: {', '.join(f'{run[key] / 2**20:.1f}' for run in runs)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
