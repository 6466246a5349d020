"""The command-line flags every command that launches a browser takes (``snapshot``, ``act``,
``demo``, ``batch``, ``open``, ``mcp --launch``): which Chromium and chromedriver, and more
Chromium arguments (after ``AXSNAP_CHROMIUM_ARGS``; see chromium.py)."""

from __future__ import annotations

import argparse
from typing import Any


def add_launch_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--chromium", default=None, metavar="PATH",
                        help="the Chromium (or Chrome for Testing) binary (default: "
                        "AXSNAP_CHROMIUM, else the usual install places and PATH)")
    parser.add_argument("--chromedriver", default=None, metavar="PATH",
                        help="the chromedriver binary (default: AXSNAP_CHROMEDRIVER, else found)")
    parser.add_argument("--chromium-arg", action="append", default=[], metavar="ARG",
                        dest="chromium_args",
                        help="one more Chromium argument, e.g. --chromium-arg=--proxy-server="
                        "http://proxy:3128 (repeat; after AXSNAP_CHROMIUM_ARGS)")


def launch_options(args: argparse.Namespace) -> dict[str, Any]:
    """``Browser`` keyword arguments from the flags above."""
    return {"chromium": getattr(args, "chromium", None),
            "chromedriver": getattr(args, "chromedriver", None),
            "extra_args": tuple(getattr(args, "chromium_args", None) or ())}
