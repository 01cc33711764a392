"""A pytest plugin that hides the compiled move generator, so that a run checks the Python search that stands in
for it where no C compiler was found (``python -m pytest -p tests.without_native ...``)."""

import sys

sys.modules["_wordcards_movegen"] = None  # type: ignore[assignment]  # None in sys.modules: the import fails
