"""``GridBrowser``: a ``Browser`` whose Chromium runs on a Selenium Grid 4 node.

The extension travels in the session's capabilities (a base64 zip: chromedriver unpacks it
and loads it; the manifest ``key`` keeps its id ``egmnfpicaiccfgkfoddjahjnpdmhbkgf``). The
native host must already be registered on the node, either system-wide
(``/etc/chromium/native-messaging-hosts``) or in the profile folder the session is told to
use (``node_profile``); ``axsnap grid-node`` prepares both (see grid/node.py).
"""

from __future__ import annotations

import base64
import functools
import io
import time
import zipfile
from pathlib import Path
from typing import Any

from axsnap_host.client import Browser
from axsnap_host.client.chromium import launch_flags
from axsnap_host.models.errors import AxsnapError, ErrorCode


@functools.lru_cache(maxsize=4)
def packed_extension(extension_dir: Path) -> str:
    """The unpacked extension as a base64 zip (what ChromeOptions.extensions carries)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(extension_dir.rglob("*")):
            relative = path.relative_to(extension_dir)
            if path.is_file() and "test" not in relative.parts:
                archive.write(path, relative.as_posix())
    return base64.b64encode(buffer.getvalue()).decode("ascii")


class GridBrowser(Browser):
    """Chromium in a Selenium Grid session, with the axsnap extension; the host is the
    node's. ``node_profile``: a folder on the node used as ``--user-data-dir`` (prepared
    with the host manifest); ``node_binary``: the browser on the node (None: the node's
    default)."""

    def __init__(self, grid_url: str, *, node_profile: str | None = None,
                 node_binary: str | None = "/usr/bin/chromium", **kwargs: Any) -> None:
        # the node's DevTools port is the node's localhost: requests go through the Grid
        kwargs.setdefault("bridge", "webdriver")
        super().__init__(register_host=False, **kwargs)
        self.grid_url = grid_url
        self.node_profile = node_profile
        self.node_binary = node_binary

    def options(self) -> Any:
        from selenium import webdriver

        options = webdriver.ChromeOptions()
        if self.node_binary:
            options.binary_location = self.node_binary
        for flag in launch_flags(headless=self.headless, window_size=self.window_size,
                                 user_data_dir=self.node_profile, extra=self.extra_args):
            options.add_argument(flag)
        options.add_encoded_extension(packed_extension(self.extension_dir))
        return options

    def start(self) -> GridBrowser:
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException

        if not (self.extension_dir / "manifest.json").exists():
            raise AxsnapError(ErrorCode.INTERNAL, f"no extension in {self.extension_dir}",
                              "set AXSNAP_EXTENSION_DIR to an unpacked axsnap extension")
        started = time.perf_counter()
        try:
            self._driver = webdriver.Remote(command_executor=self.grid_url,
                                            options=self.options())
        except WebDriverException as err:
            raise AxsnapError(ErrorCode.INTERNAL, f"the Grid gave no session: {err.msg}",
                              f"is the Grid at {self.grid_url} up, with a free Chromium slot?"
                              ) from err
        return self._attached(started)
