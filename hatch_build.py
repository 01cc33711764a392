"""Builds the compiled move generator (native/movegen.c) into the wheel.

A C compiler and Python's headers are all it needs. Without them the wheel is
built pure, with a warning, and wordcards falls back to the slower Python
search (wordcards/core/movegen.py), so an install never fails for want of gcc.
A packager who wants the compiled module or nothing sets WORDCARDS_NATIVE=required:
then a failed build fails the install.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MODULE = "_wordcards_movegen"


class NativeBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel":
            return
        self._temp = tempfile.mkdtemp(prefix="wordcards-native-")
        try:
            built = self._compile(Path(self._temp))
        except Exception as exc:  # noqa: BLE001 - any build failure leaves the Python search in charge
            if os.environ.get("WORDCARDS_NATIVE") == "required":
                raise RuntimeError(f"WORDCARDS_NATIVE=required, and {MODULE} could not be compiled: {exc}") from exc
            print(f"wordcards: could not compile {MODULE} ({exc}); the Python move generator will be used",
                  file=sys.stderr)
            return
        build_data["force_include"][str(built)] = built.name
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        if getattr(self, "_temp", None):
            shutil.rmtree(self._temp, ignore_errors=True)

    def _compile(self, out: Path) -> Path:
        from setuptools import Distribution, Extension
        from setuptools.command.build_ext import build_ext

        source = str(Path(self.root) / "native" / "movegen.c")
        dist = Distribution({"name": "wordcards", "ext_modules": [Extension(MODULE, [source], extra_compile_args=["-O2"])]})
        command = build_ext(dist)
        command.build_lib = str(out / "lib")
        command.build_temp = str(out / "temp")
        command.ensure_finalized()
        command.run()
        return Path(command.get_ext_fullpath(MODULE))
