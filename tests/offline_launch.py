"""The test suite's launch configuration: Chromium on this machine reaches only the pages the
tests serve (127.0.0.1 and 127.0.0.2) and never tries a real host name.

It lives here and nowhere in the product (a test checks): the product's launches reach any
host a user names. The tests hand it to every browser they start, in this process and in
the ``axsnap`` commands they run, through ``AXSNAP_CHROMIUM_ARGS``.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import MutableMapping

from axsnap_host.client.chromium import ARGS_ENV

OFFLINE_RESOLVER_RULES = "MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2"
OFFLINE_ARGS = (f"--host-resolver-rules={OFFLINE_RESOLVER_RULES}",)


def use_offline_launch(environ: MutableMapping[str, str] | None = None) -> None:
    """Add the offline arguments to ``AXSNAP_CHROMIUM_ARGS`` (once) in ``environ``."""
    environ = os.environ if environ is None else environ
    current = shlex.split(environ.get(ARGS_ENV, ""))
    if not set(OFFLINE_ARGS) <= set(current):
        environ[ARGS_ENV] = shlex.join([*current, *OFFLINE_ARGS])


def without_offline_launch(environ: MutableMapping[str, str]) -> MutableMapping[str, str]:
    """``environ`` without the offline arguments (a launch that must reach real host names)."""
    kept = [a for a in shlex.split(environ.get(ARGS_ENV, "")) if a not in OFFLINE_ARGS]
    if kept:
        environ[ARGS_ENV] = shlex.join(kept)
    else:
        environ.pop(ARGS_ENV, None)
    return environ
