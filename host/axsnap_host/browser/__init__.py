"""Chromium with the axsnap extension and host, driven by Selenium: :class:`Browser`."""

from .acting import ActionRefused
from .client import BRIDGE_PATH, Browser
from .results import DeltaReply, DomResult, OutlineResult, PageResult

__all__ = ["BRIDGE_PATH", "ActionRefused", "Browser", "DeltaReply", "DomResult", "OutlineResult",
           "PageResult"]
