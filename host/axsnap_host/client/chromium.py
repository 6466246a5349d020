"""The Chromium command line of every axsnap launch (``Browser``, Grid sessions, the CLI, MCP,
batch), and the extra arguments a user adds to it.

The product's flags reach any host a user names: nothing here blocks or remaps host names.
They turn off what a fresh profile does in the background (sync, component and extension
updates, metrics, network time, search-engine preconnects, translation) so a launch does not
wait on servers it was never asked to reach; the throttling switches keep a background window
(the bridge page) from slowing the target tab's timers.

Extra arguments come from ``AXSNAP_CHROMIUM_ARGS`` (shell quoting) and then from the caller
(``Browser(extra_args=...)``, ``--chromium-arg``), after the product's flags: Chromium keeps
the last value of a switch given twice, so a user's value wins. ``--disable-features`` and
``--enable-features`` lists are merged instead of replaced.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterable, Mapping, Sequence

from axsnap_host.models.errors import AxsnapError, ErrorCode

ARGS_ENV = "AXSNAP_CHROMIUM_ARGS"

# Features a fresh profile would use to call Google or the search engine at start-up.
QUIET_FEATURES = ("NetworkTimeServiceQuerying", "OptimizationHints", "MediaRouter", "Translate")

CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-default-apps",
    "--disable-search-engine-choice-screen",
    "--metrics-recording-only",
    "--no-pings",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
    f"--disable-features={','.join(QUIET_FEATURES)}",
)
WINDOW_SIZE = (1280, 900)  # a 1280x757 viewport in headless Chromium
_MERGED_LISTS = ("--disable-features=", "--enable-features=")


def env_args(environ: Mapping[str, str] | None = None) -> list[str]:
    """The arguments ``AXSNAP_CHROMIUM_ARGS`` holds (shell quoting; empty when unset)."""
    text = (os.environ if environ is None else environ).get(ARGS_ENV, "")
    try:
        return shlex.split(text)
    except ValueError as err:
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"{ARGS_ENV} does not parse: {err}",
                          f"quote it as a shell would: {ARGS_ENV}='--flag=\"a b\"'") from None


def merge_flags(flags: Iterable[str]) -> list[str]:
    """``flags`` in order, each ``--disable-features``/``--enable-features`` list joined into
    the first one (Chromium would keep only the last)."""
    merged: list[str] = []
    where: dict[str, int] = {}
    for flag in flags:
        prefix = next((p for p in _MERGED_LISTS if flag.startswith(p)), None)
        if prefix is None:
            merged.append(flag)
            continue
        names = [n for n in flag[len(prefix):].split(",") if n]
        if prefix not in where:
            where[prefix] = len(merged)
            merged.append(prefix + ",".join(dict.fromkeys(names)))
            continue
        before = merged[where[prefix]][len(prefix):].split(",")
        merged[where[prefix]] = prefix + ",".join(dict.fromkeys([*before, *names]))
    return merged


def launch_flags(*, headless: bool = True, window_size: tuple[int, int] = WINDOW_SIZE,
                 user_data_dir: str | None = None, extra: Sequence[str] = (),
                 environ: Mapping[str, str] | None = None) -> list[str]:
    """:data:`CHROMIUM_FLAGS` plus headless mode, the window size and a profile, then the
    user's arguments (``AXSNAP_CHROMIUM_ARGS``, then ``extra``): what every launch passes."""
    flags = [*CHROMIUM_FLAGS, f"--window-size={window_size[0]},{window_size[1]}"]
    if headless:
        flags.insert(0, "--headless=new")
    if user_data_dir:
        flags.append(f"--user-data-dir={user_data_dir}")
    return merge_flags([*flags, *env_args(environ), *extra])
