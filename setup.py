"""Build hook: the wheel carries the Chrome extension as package data.

The repository keeps one copy of the extension (``extension/``); ``build_py`` copies it into
``axsnap_host/extension/`` of the build tree (never into the source tree), without its tests.
Everything else is declared in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
EXTENSION_SOURCE = ROOT / "extension"
SKIPPED = shutil.ignore_patterns("test", "node_modules", "*.md", "__pycache__", ".*")


class BuildPyWithExtension(build_py):
    """``build_py`` that also copies ``extension/`` to ``axsnap_host/extension/``."""

    def run(self) -> None:
        super().run()
        if not (EXTENSION_SOURCE / "manifest.json").exists():
            raise SystemExit(f"setup.py: no extension in {EXTENSION_SOURCE}")
        target = Path(self.build_lib) / "axsnap_host" / "extension"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(EXTENSION_SOURCE, target, ignore=SKIPPED)


setup(cmdclass={"build_py": BuildPyWithExtension})
