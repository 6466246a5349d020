"""Chromium with the axsnap extension and host, driven by Selenium: :class:`Browser`."""

from axsnap_host.client.acting import ActionRefused
from axsnap_host.client.browser import BRIDGE_PATH, Browser
from axsnap_host.client.results import DeltaReply, DomResult, OutlineResult, PageResult

__all__ = ["BRIDGE_PATH", "ActionRefused", "Browser", "DeltaReply", "DomResult", "OutlineResult",
           "PageResult"]
