"""SVG snapshots of the main screens at 80×24 (pytest-textual-snapshot).

Update them after an intended change with ``pytest tests/test_snapshots.py --snapshot-update``
and look at the report before committing.
"""

import pytest

from tests.scenes import SCENES, SIZE


@pytest.mark.parametrize("name", list(SCENES))
def test_screen(snap_compare, name):
    make, prepare = SCENES[name]
    assert snap_compare(make(), terminal_size=SIZE, run_before=prepare)
