"""``Browser``: Chromium with the axsnap extension and host, driven by Selenium.

One ``Browser`` is one Chromium process with a throw-away profile in which the native host is
registered; it serves many snapshots (batch jobs keep one open). Requests travel the real
path: the extension's service worker (over its DevTools target, or the bridge page) captures
the tab through ``chrome.debugger`` and the native host turns it into the result (JSON).
"""

from __future__ import annotations

import contextlib
import json
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Self

from axsnap_host import EXTENSION_ID
from axsnap_host.client.acting import ActingMixin
from axsnap_host.client.chromium import launch_flags
from axsnap_host.client.devtools_bridge import NOT_SENT, DevtoolsBridge, connect_bridge
from axsnap_host.client.dialogs import named_dialog
from axsnap_host.client.lifeline import release_group, watched_chromedriver
from axsnap_host.client.paths import require_browser
from axsnap_host.client.procs import host_pids
from axsnap_host.client.reply_json import parse_reply
from axsnap_host.client.results import DomResult, OutlineResult, PageResult
from axsnap_host.client.urls import load_url
from axsnap_host.client.worker_bridge import WorkerBridge, connect_worker, direct_call
from axsnap_host.install import install_host
from axsnap_host.install.extension_dir import EXTENSION_DIR
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.models.options import SEMANTIC_FORMATS, exact_from_env, wire_options
from axsnap_host.models.snapshot import SnapshotV1

BRIDGE_PATH = "bridge.html"

class Browser(ActingMixin):
    """Chromium + axsnap extension + registered host. Use as a context manager."""

    BASES = 8  # full outline and DOM results kept to rebuild delta replies on
    HTTP_MARGIN_S = 30.0  # the HTTP client's wait beyond chromedriver's own deadlines

    def __init__(
        self,
        *,
        headless: bool = True,
        register_host: bool = True,
        timeout_s: float = 120.0,
        page_load_timeout_s: float = 30.0,
        window_size: tuple[int, int] = (1280, 900),
        extension_dir: Path = EXTENSION_DIR,
        chromium: str | None = None,
        chromedriver: str | None = None,
        extra_args: Sequence[str] = (),
        keep_profile: bool = False,
        user_data_dir: Path | None = None,
        extra_extensions: tuple[Path | str, ...] = (),
        bridge: str = "devtools",
        exact: bool | None = None,
    ) -> None:
        """``user_data_dir``: use this profile (kept afterwards) instead of a temporary one;
        with ``register_host=False`` whatever is registered in it (or nowhere) is used.
        ``extra_extensions``: more unpacked extension folders to load next to axsnap (an
        agent extension that calls axsnap's API, say). ``bridge``: how requests reach the
        extension: "devtools" (the service worker's DevTools target, else the bridge page's;
        WebDriver when neither connects), "page" (the bridge page's target only) or
        "webdriver" (a script on the bridge page through chromedriver). ``chromium`` /
        ``chromedriver``: the binaries (None: found at start, paths.py); ``extra_args``:
        more Chromium arguments, after ``AXSNAP_CHROMIUM_ARGS`` (chromium.py). ``exact``: every
        read with every fast path off (option ``exact``; None: ``AXSNAP_EXACT=1`` decides)."""
        self.exact = exact_from_env() if exact is None else exact
        self.headless = headless
        self.register_host = register_host
        self.timeout_s = timeout_s
        self.page_load_timeout_s = page_load_timeout_s
        self.window_size = window_size
        self.extension_dir = Path(extension_dir).resolve()
        self.extra_extensions = tuple(Path(e).resolve() for e in extra_extensions)
        self.chromium = chromium
        self.chromedriver = chromedriver
        self.extra_args = tuple(extra_args)
        self.keep_profile = keep_profile or user_data_dir is not None
        self.user_data_dir: Path | None = Path(user_data_dir) if user_data_dir else None
        self.host_log_path: Path | None = None
        self.startup_s: float | None = None
        self._driver: Any = None
        self._driver_group: int | None = None  # chromedriver's process group (lifeline.py)
        self._service: Any = None
        self.target_handle: str | None = None
        self.bridge_handle: str | None = None
        self._tab_id: int | None = None
        self._bases: dict[str, dict[str, Any]] = {}  # snapshot id → full result
        # The window to go back to after a request the HTTP client gave up on (bridge_call).
        self._return_to: str | None = None
        self.bridge = bridge
        self._devtools: DevtoolsBridge | None = None
        self._worker: WorkerBridge | None = None

    # -- lifecycle ---------------------------------------------------------------------

    def __enter__(self) -> Browser:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> Browser:
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException

        chromium, chromedriver = require_browser(self.chromium, self.chromedriver)
        if not (self.extension_dir / "manifest.json").exists():
            raise AxsnapError(ErrorCode.INTERNAL, f"no extension in {self.extension_dir}",
                              "set AXSNAP_EXTENSION_DIR to the checkout's extension/ folder")
        for extra in self.extra_extensions:
            if not (extra / "manifest.json").exists() or "," in str(extra):
                raise AxsnapError(ErrorCode.INTERNAL, f"no extension in {extra}",
                                  "pass folders that hold a manifest.json (no commas in paths)")
        started = time.perf_counter()
        if self.user_data_dir is None:
            self.user_data_dir = Path(tempfile.mkdtemp(prefix="axsnap-profile-"))
        self.user_data_dir.mkdir(parents=True, exist_ok=True)
        self.host_log_path = self.user_data_dir / "axsnap-host.log"
        if self.register_host:
            install_host(user_data_dirs=[self.user_data_dir], user=False,
                         wrapper_dir=self.user_data_dir / "axsnap-host-bin",
                         log_file=self.host_log_path, out=lambda _line: None)

        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for flag in self.chromium_args():
            options.add_argument(flag)
        # chromedriver, Chromium and the hosts die with this process (lifeline.py)
        self._service = watched_chromedriver(chromedriver)
        try:
            self._driver = webdriver.Chrome(service=self._service, options=options)
        except WebDriverException as err:
            self._cleanup_profile()
            raise AxsnapError(ErrorCode.INTERNAL, f"Chromium did not start: {err.msg}",
                              "run `axsnap doctor`") from err
        finally:
            self._driver_group = self._service.watched_group
        return self._attached(started)

    def chromium_args(self) -> list[str]:
        """Chromium's command line: launch_flags (the user's arguments last), extensions."""
        profile = str(self.user_data_dir) if self.user_data_dir else None
        extensions = ",".join(str(e) for e in (self.extension_dir, *self.extra_extensions))
        return [*launch_flags(headless=self.headless, window_size=self.window_size,
                              user_data_dir=profile, extra=self.extra_args),
                f"--load-extension={extensions}", f"--disable-extensions-except={extensions}"]

    def _attached(self, started: float) -> Self:
        """Finish start-up on a new driver (local or a Grid session): client deadlines, the
        bridge window, the start-up time."""
        # Selenium's HTTP client gives up after its own 120 s with a raw urllib3 error while
        # chromedriver goes on running the command: the client waits past every deadline
        # chromedriver keeps, so chromedriver's timeout (an AxsnapError) always answers first.
        self._driver.command_executor.client_config.timeout = self.http_timeout_s
        try:
            self._open_bridge()
        except BaseException:
            self.close()
            raise
        self.startup_s = time.perf_counter() - started
        return self

    def _open_bridge(self) -> None:
        driver = self._driver
        driver.set_page_load_timeout(self.page_load_timeout_s)
        driver.set_script_timeout(self.timeout_s)
        self.target_handle = driver.current_window_handle
        # A separate window, not a tab: a background tab is throttled and would distort
        # stabilization (timers) and capture.
        driver.switch_to.new_window("window")
        self.bridge_handle = driver.current_window_handle
        url = f"chrome-extension://{EXTENSION_ID}/{BRIDGE_PATH}"
        deadline = time.monotonic() + 10
        while True:  # the extension may need a moment to register after start-up
            driver.get(url)
            if driver.execute_script("return typeof axsnapBridge") == "object":
                break
            if time.monotonic() > deadline:
                raise AxsnapError(
                    ErrorCode.INTERNAL,
                    f"the axsnap extension did not load from {self.extension_dir} "
                    f"(expected id {EXTENSION_ID})",
                    "check extension/manifest.json ('key') and run `axsnap doctor`",
                )
            time.sleep(0.1)
        # Start the native host now, in parallel with whatever the caller loads first.
        driver.execute_script("axsnapBridge.send({type: 'ping_host'});")
        if self.bridge in ("devtools", "page"):
            self._devtools = connect_bridge(self._driver, self.bridge_handle or "")
            self._worker = connect_worker(self._driver, EXTENSION_ID)
        # The driver rests on the target tab: a user who snapshots a tab and then uses
        # ``browser.driver`` acts on that tab; requests visit the bridge and come back.
        driver.switch_to.window(self.target_handle)

    @property
    def bridge_transport(self) -> str:
        """What carries requests to the bridge page: "devtools" or "webdriver"."""
        return "devtools" if self._devtools is not None and self.bridge != "webdriver" \
            else "webdriver"

    @property
    def http_timeout_s(self) -> float:
        """How long the client waits for chromedriver's answer to one command: past the
        script and page-load deadlines by HTTP_MARGIN_S."""
        return max(self.timeout_s, self.page_load_timeout_s) + self.HTTP_MARGIN_S

    def close(self) -> None:
        for socket in (self._devtools, self._worker):
            if socket is not None:
                socket.close()
        self._devtools = self._worker = None
        if self._driver is not None:
            # the browser may already be gone; cleanup must go on
            with contextlib.suppress(Exception):
                self._driver.quit()
            self._driver = None
        release_group(self._driver_group)
        self._driver_group = None
        self._cleanup_profile()

    def _cleanup_profile(self) -> None:
        if self.user_data_dir is not None and not self.keep_profile:
            shutil.rmtree(self.user_data_dir, ignore_errors=True)

    # -- properties --------------------------------------------------------------------

    @property
    def driver(self) -> Any:
        """The Selenium WebDriver, on the target tab (the one snapshots capture): find and
        click elements of the page you snapshot with it. Requests go through the bridge
        window (:meth:`bridge_call`) and switch back to the window the driver was on, so the
        bridge never stays current; switch windows yourself only for other tabs
        (:meth:`in_target` with a handle does it for a block)."""
        if self._driver is None:
            raise AxsnapError(ErrorCode.INTERNAL, "the browser is not running",
                              "use `with Browser() as browser:`")
        return self._driver

    @property
    def tab_id(self) -> int:
        """chrome.tabs id of the target tab (the one snapshots capture)."""
        if self._tab_id is None:
            self._tab_id = self.tab_id_for(self.target_handle or "")
        return self._tab_id

    def tab_id_for(self, handle: str) -> int:
        targets = self.bridge_call("targets")
        for target in targets:
            if target.get("id") == handle and isinstance(target.get("tabId"), int):
                return int(target["tabId"])
        raise AxsnapError(ErrorCode.TAB_NOT_FOUND, f"no tab for window handle {handle}",
                          "the window may have been closed")

    # -- navigation --------------------------------------------------------------------

    def open(self, url: str, handle: str | None = None) -> None:
        """Load ``url`` in the target tab (or the window ``handle``) and wait for load.

        Every failure is an AxsnapError: an address that is no URL or a ``javascript:`` one,
        a load that fails (Chrome's error page, a DNS failure: ``navigation_failed`` naming
        Chrome's net error), a dialog the page opens while it loads (a dialog the last page
        left open is dismissed and the load tried again)."""
        with self.in_target(handle) as driver:
            load_url(driver, url, self.page_load_timeout_s)

    @contextlib.contextmanager
    def in_target(self, handle: str | None = None) -> Iterator[Any]:
        """The driver, switched to the window ``handle`` (default: the target tab, where the
        driver already is) for the block and back to the window it was on after it."""
        driver = self.driver
        back = driver.current_window_handle
        driver.switch_to.window(handle or self.target_handle)
        try:
            yield driver
        finally:
            driver.switch_to.window(back)

    def run_in_target(self, script: str, *args: Any) -> Any:
        """``execute_script`` in the target tab."""
        with self.in_target() as driver:
            return driver.execute_script(script, *args)

    def run_in_bridge(self, script: str, *args: Any) -> Any:
        """``execute_async_script`` on the bridge page (an extension page: ``chrome.storage``,
        ``chrome.runtime``); the script calls ``arguments[arguments.length - 1]`` with its
        result. The driver comes back to the window it was on."""
        with self.in_target(self.bridge_handle) as driver:
            return driver.execute_async_script(script, *args)

    def cdp_in_target(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """A CDP command over chromedriver's own connection to the target tab (not the
        extension's debugger session)."""
        with self.in_target() as driver:
            return driver.execute_cdp_cmd(method, params or {})

    # -- requests ----------------------------------------------------------------------

    def bridge_call(self, name: str, *args: Any) -> Any:
        """Call ``axsnapBridge[name](...args)`` (``send``/``targets``: the service worker's
        ``axsnapWorker[name]``, worker_bridge.py); return the parsed JSON. Over DevTools the
        driver never moves; over WebDriver it goes to the bridge window and back."""
        # (a request chromedriver still runs left the driver on the bridge: WebDriver's path
        # takes it back)
        if self.bridge_transport == "devtools" and self._return_to is None:
            assert self._devtools is not None
            worker = self._worker if self.bridge == "devtools" else None
            reply = direct_call(worker, self._devtools, name, args, self.timeout_s)
            if reply is not NOT_SENT:
                return reply
            # it never left: WebDriver carries it (and says so if the browser is gone)
        return self._webdriver_bridge_call(name, *args)

    def _webdriver_bridge_call(self, name: str, *args: Any) -> Any:
        """``bridge_call`` as a script on the bridge window through chromedriver."""
        import urllib3
        from selenium.common.exceptions import NoSuchWindowException, TimeoutException

        script = (
            f"const done = arguments[arguments.length - 1];"
            f"axsnapBridge[{json.dumps(name)}](...Array.from(arguments).slice(0, -1)).then(done);"
        )
        driver = self.driver
        current: str | None
        if self._return_to is not None:  # the last request left the driver on the bridge
            current, self._return_to = self._return_to, None
        else:
            try:
                current = driver.current_window_handle
            except NoSuchWindowException:  # the user closed the window the driver was on
                current = None
            if current != self.bridge_handle:
                driver.switch_to.window(self.bridge_handle)
        abandoned = False
        try:
            text = driver.execute_async_script(script, *args)
        except TimeoutException as err:
            raise AxsnapError(ErrorCode.TIMEOUT, f"no reply within {self.timeout_s} s",
                              "raise Browser(timeout_s=...) for very large pages") from err
        except (urllib3.exceptions.TimeoutError, urllib3.exceptions.MaxRetryError) as err:
            # chromedriver still runs the script: a command now (switching back) would queue
            # behind it and fail the same raw way. The next request goes back instead.
            abandoned = True
            self._return_to = current
            waited = driver.command_executor.client_config.timeout
            raise AxsnapError(ErrorCode.TIMEOUT, f"chromedriver gave no answer within {waited} s",
                              "raise Browser(timeout_s=...) for very large pages") from err
        finally:
            if not abandoned and current is not None and current != self.bridge_handle:
                driver.switch_to.window(current)
        return parse_reply(text)

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one message to the service worker; return its reply dict (ok or not)."""
        reply = self.bridge_call("send", message)
        if not isinstance(reply, dict):
            raise AxsnapError(ErrorCode.INTERNAL, "the extension gave no reply",
                              "is the service worker running? see chrome://extensions")
        return reply

    def ping_host(self) -> dict[str, Any]:
        return self._checked(self.request({"type": "ping_host"}))

    def snapshot_raw(self, url: str | None = None, *, handle: str | None = None,
                     on_progress: Callable[[dict[str, Any]], None] | None = None,
                     **options: Any) -> dict[str, Any]:
        """Snapshot the target tab (after loading ``url``); return the whole reply dict:
        ``{ok, result, timings, sizes}``. Raises AxsnapError for ``ok: false``.
        ``on_progress`` hears the read's progress events (browser/progress.py)."""
        wire = wire_options({"exact": True, **options} if self.exact else options)
        if url is not None:
            self.open(url, handle)
        message: dict[str, Any] = {"type": "snapshot", "options": wire}
        message["targetId"] = handle or self.target_handle
        if on_progress is not None:
            from axsnap_host.client.progress import request_with_progress

            return self._checked(request_with_progress(self, message, on_progress))
        return self._checked(self.request(message))

    def snapshot(self, url: str | None = None,
                 **options: Any) -> SnapshotV1 | DomResult | OutlineResult | PageResult:
        """Snapshot the target tab: SnapshotV1 for format "snapshot", OutlineResult for
        "outline", PageResult for "semantic" and "semantic_text", else a DomResult (format
        "som", or ``vision=True``, fills its ``vision`` and ``som_png``)."""
        result = self.snapshot_raw(url, **options)["result"]
        if result.get("format", "snapshot") == "snapshot":
            return SnapshotV1.model_validate(result["snapshot"])
        if result.get("format") == "outline":
            return self._kept(OutlineResult, result)
        if result.get("format") in SEMANTIC_FORMATS:
            return PageResult.from_result(result)
        return self._kept(DomResult, result)

    def _kept(self, kind: Any, result: dict[str, Any]) -> Any:
        """``kind.from_result`` of a reply, a delta rebuilt on the base this browser last
        saw (the last few full results are kept by snapshot id; outline and DOM ids differ
        by their prefix)."""
        delta = found if isinstance(found := result.get("delta"), dict) else {}
        base = self._bases.get(delta.get("base_snapshot_id") or "")
        out = kind.from_result(result, base)
        if out.materialized and out.snapshot_id:
            self._bases[out.snapshot_id] = out.raw
            while len(self._bases) > self.BASES:
                self._bases.pop(next(iter(self._bases)))
        return out

    def resolve(self, element_id: str, xpath: str | None = None, *,
                handle: str | None = None) -> dict[str, Any]:
        """Locators of an outline element id on the live page (backendNodeId, XPath, CSS),
        each checked to find that same node; ``xpath`` (e.g. from combinedXpathMap) is
        checked too. Raises AxsnapError ``stale_element`` when the id no longer resolves."""
        message: dict[str, Any] = {"type": "resolve", "elementId": element_id,
                                   "targetId": handle or self.target_handle}
        if xpath is not None:
            message["xpath"] = xpath
        return self._checked(self.request(message))["result"]

    def _checked(self, reply: dict[str, Any]) -> dict[str, Any]:
        if reply.get("ok"):
            return reply
        error = reply.get("error") or {}
        raised = AxsnapError(error.get("code", ErrorCode.INTERNAL), error.get("message", "failed"),
                             error.get("hint", ""))
        # a dialog the extension never saw open: chromedriver's own session did (dialogs.py)
        raise named_dialog(self._driver, raised)

    # -- test and diagnostics helpers --------------------------------------------------

    def host_pids(self) -> list[int]:
        """Process ids of the native hosts this browser started."""
        if self._service is None or self._service.process is None:
            return []
        return host_pids(self._service.process.pid)

