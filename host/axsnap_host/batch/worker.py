"""A batch worker: one browser (local or a Grid session) taking pages off a shared queue.

Each page gets ``retries`` more attempts after a failure, with exponential backoff; a browser
whose session dies (or that timed out mid-request) is closed and a fresh one started for the
next attempt. Every finished page is committed to the store before the next one starts.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from axsnap_host.batch.jobs import Job
from axsnap_host.batch.page import capture_page, is_permanent, ms_since
from axsnap_host.batch.results import OK, PageResult
from axsnap_host.batch.settings import BatchSettings
from axsnap_host.batch.store import ResultStore
from axsnap_host.client import Browser
from axsnap_host.models.errors import AxsnapError, ErrorCode

BrowserFactory = Callable[[int], Browser]
FINISHED = object()  # what a worker puts on the results queue when it exits


def default_factory(settings: BatchSettings) -> BrowserFactory:
    """Local Chromium, or a Grid session when ``settings.grid_url`` is set."""

    def make(worker: int) -> Browser:
        if settings.grid_url:
            from axsnap_host.grid.browser import GridBrowser

            profile = (settings.grid_profile.format(worker=worker)
                       if settings.grid_profile else None)
            return GridBrowser(settings.grid_url, node_profile=profile,
                               node_binary=settings.grid_binary, headless=settings.headless,
                               extra_args=settings.extra_args, timeout_s=settings.timeout_s,
                               page_load_timeout_s=settings.page_load_timeout_s)
        return Browser(headless=settings.headless, chromium=settings.chromium,
                       chromedriver=settings.chromedriver, extra_args=settings.extra_args,
                       timeout_s=settings.timeout_s,
                       page_load_timeout_s=settings.page_load_timeout_s)

    return make


def first_line(err: BaseException) -> str:
    text = str(getattr(err, "msg", None) or err).strip()
    return f"{type(err).__name__}: {text.splitlines()[0] if text else ''}"[:300]


class Worker(threading.Thread):
    def __init__(self, index: int, jobs: queue.Queue[Job], results: queue.Queue[Any],
                 store: ResultStore, settings: BatchSettings, factory: BrowserFactory,
                 stop: threading.Event) -> None:
        super().__init__(name=f"axsnap-batch-{index}", daemon=True)
        self.index = index
        self.jobs = jobs
        self.results = results
        self.store = store
        self.settings = settings
        self.per_format = settings.per_format()
        self.factory = factory
        self.stop = stop
        self.browser: Browser | None = None
        self.browsers_started = 0

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                try:
                    job = self.jobs.get_nowait()
                except queue.Empty:
                    break
                result = self.process(job)
                if result is not None:
                    self.results.put(result)
        except BaseException as err:  # never leave the runner waiting on a dead thread
            self.results.put(err)
        finally:
            self.drop_browser()
            self.results.put(FINISHED)

    def ensure_browser(self) -> Browser:
        if self.browser is None:
            browser = self.factory(self.index)
            browser.start()
            self.browser = browser
            self.browsers_started += 1
        return self.browser

    def drop_browser(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def process(self, job: Job) -> PageResult | None:
        """Run one page to its result, committed; None when the run was stopped before the
        page succeeded (nothing recorded: a resumed run does it)."""
        result = PageResult(job.shown_url, job.slug, worker=self.index)
        started = time.perf_counter()
        staged = None
        for attempt in range(1, self.settings.retries + 2):
            result.attempts = attempt
            staged = self.store.staging_dir(job, self.index)
            try:
                fresh = self.browser is None
                browser = self.ensure_browser()
                result.timings, result.sizes, result.files = capture_page(
                    browser, job.url, self.per_format, staged)
                if fresh:
                    result.timings["browser_start_ms"] = round(
                        (browser.startup_s or 0) * 1000, 1)
                result.status, result.error_code, result.error_message = OK, None, None
                break
            except AxsnapError as err:
                result.error_code, result.error_message = err.code, err.message
                # the tab or the extension may still be busy; or the browser went away
                if err.code in (ErrorCode.TIMEOUT, ErrorCode.BROWSER_DIED):
                    self.drop_browser()
                if is_permanent(err):
                    break
            except Exception as err:  # the session, chromedriver or the Grid went away
                result.error_code = ErrorCode.BROWSER_DIED
                result.error_message = first_line(err)
                self.drop_browser()
            if attempt <= self.settings.retries and self.stop.wait(
                    self.settings.backoff_s * 2 ** (attempt - 1)):
                break
        if not result.ok and self.stop.is_set():
            self.store.discard(staged)
            return None
        result.timings["total_ms"] = ms_since(started)
        self.store.commit(job, result.finish(), staged)
        return result
