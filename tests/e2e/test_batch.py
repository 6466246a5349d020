"""``axsnap batch`` on local Chromium: outputs per page, one results line per page, resume,
failures reported (a page that times out, a host that does not resolve), a browser that dies
is replaced, and a run killed halfway loses no finished page and repeats none."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from axsnap_host.batch import RESULTS_NAME, Batch, BatchSettings, run, slug_for

pytestmark = pytest.mark.e2e


def page_urls(pages_url: str, count: int, tag: str) -> list[str]:
    return [f"{pages_url}batch.html?n={tag}{i}" for i in range(count)]


def lines(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / RESULTS_NAME).read_text().splitlines()]


def check_page_output(out: Path, result: dict) -> None:
    """The page's own snapshot: its heading, from the page's script, is in it."""
    folder = out / slug_for(result["url"])
    assert result["files"] == ["snapshot.json"] and folder.is_dir()
    snapshot = (folder / "snapshot.json").read_text()
    assert f"Page {result['url'].rsplit('=', 1)[1]}" in snapshot
    assert result["sizes"]["snapshot.json"] == (folder / "snapshot.json").stat().st_size
    assert result["timings"]["open_ms"] > 0 and result["timings"]["snapshot_ms"] > 0


def test_batch_writes_each_page_reports_failures_and_resumes(pages_url: str,
                                                              tmp_path: Path) -> None:
    good = page_urls(pages_url, 6, "a")
    slow = f"{pages_url}__slow?ms=120000"
    nowhere = "http://nowhere.invalid/"
    urls = tmp_path / "urls.txt"
    urls.write_text("# a comment\n" + "\n".join([good[0], slow, *good[1:3], nowhere, *good[3:]])
                    + "\n\n" + good[0] + "\n")
    out = tmp_path / "out"
    # the product's default deadline (30 s a step), which a cold browser's first page meets
    # on a loaded machine; the load alone has 12 s (a good page that misses it is retried);
    # the slow page answers only after 120 s, past any attempt
    settings = BatchSettings(workers=2, timeout_s=30, load_timeout_s=12, retries=1,
                             backoff_s=0.1)
    batch = Batch(urls, out, settings)
    assert len(batch.jobs) == 8 and not batch.skipped, "comments, blanks and repeats dropped"
    results = list(batch.results())

    assert sorted(r.url for r in results) == sorted([*good, slow, nowhere])
    recorded = {r["url"]: r for r in lines(out)}
    assert len(recorded) == len(lines(out)) == 8
    for url in good:
        assert recorded[url]["status"] == "ok", recorded[url]
        check_page_output(out, recorded[url])
    assert recorded[slow]["status"] == "failed" and recorded[slow]["error_code"] == "timeout"
    assert recorded[slow]["attempts"] == 2, "retried once"
    assert recorded[nowhere]["error_code"] == "navigation_failed"
    assert "ERR_NAME_NOT_RESOLVED" in recorded[nowhere]["error_message"]
    assert recorded[nowhere]["attempts"] == 1, "a name that does not resolve is not retried"
    assert not (out / slug_for(slow)).exists() and not (out / ".staging").exists()

    again = Batch(urls, out, settings)
    assert not again.pending and len(again.skipped) == 8
    assert list(again.results()) == [] and len(lines(out)) == 8, "the second run does nothing"
    retried = list(run(urls, out, timeout_s=30, load_timeout_s=12, retries=0,
                       retry_failed=True, workers=1))
    assert sorted(r.url for r in retried) == sorted([slow, nowhere]), "only the failures"


def test_a_browser_that_dies_is_replaced(pages_url: str, tmp_path: Path) -> None:
    urls = page_urls(pages_url, 3, "d")
    batch = Batch(urls, tmp_path / "out", BatchSettings(workers=1, retries=2, backoff_s=0.1))
    results = batch.results()
    first = next(results)
    # the session goes away under the worker; chromedriver may close the shutdown request's
    # connection as it exits (RemoteDisconnected): Selenium has terminated its process anyway
    driver = batch.workers[0].browser.driver
    with contextlib.suppress(http.client.RemoteDisconnected):
        driver.quit()
    assert driver.service.process.poll() is not None, "chromedriver still runs"
    rest = list(results)
    assert [r.status for r in [first, *rest]] == ["ok"] * 3
    assert batch.browsers_started == 2
    assert any(r.attempts == 2 for r in rest), "the page that met the dead browser was retried"


def test_a_killed_batch_loses_no_finished_page_and_repeats_none(pages_url: str,
                                                                tmp_path: Path) -> None:
    urls = page_urls(pages_url, 14, "k")
    urls_file = tmp_path / "urls.txt"
    urls_file.write_text("\n".join(urls) + "\n")
    out = tmp_path / "out"
    axsnap = Path(sys.executable).with_name("axsnap")
    command = [str(axsnap), "batch", str(urls_file), "--out", str(out), "--workers", "1",
               "--progress", "off"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    deadline = time.monotonic() + 120
    results = out / RESULTS_NAME
    while time.monotonic() < deadline:  # kill it once a few pages are done
        if results.exists() and results.read_text().count("\n") >= 4:
            break
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGKILL)  # the batch, its chromedriver, Chromium and hosts
    proc.wait(timeout=30)
    before = results.read_text()
    done_before = before.count("\n")
    assert 4 <= done_before < len(urls), "killed halfway"

    done = subprocess.run(command, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"{done_before} done earlier, {len(urls) - done_before} to run" in done.stderr
    after = results.read_text()
    assert after.startswith(before), "finished pages keep their lines"
    recorded = [json.loads(line) for line in after.splitlines()]
    assert sorted(r["url"] for r in recorded) == sorted(urls), "every page once, none twice"
    for result in recorded:
        assert result["status"] == "ok"
        check_page_output(out, result)
    folders = {p.name for p in out.iterdir() if p.is_dir()}
    assert folders == {slug_for(u) for u in urls}, "no half-written page is left"


def test_kill_9_of_the_batch_alone_leaves_no_browser_running(pages_url: str,
                                                              tmp_path: Path) -> None:
    """Only the batch's own process is killed (not its group): chromedriver, every Chromium
    process and the native hosts it started end with it (client/lifeline.py)."""
    from axsnap_host.client.procs import descendants

    urls_file = tmp_path / "urls.txt"
    urls_file.write_text("\n".join(page_urls(pages_url, 40, "z")) + "\n")
    axsnap = Path(sys.executable).with_name("axsnap")
    proc = subprocess.Popen([str(axsnap), "batch", str(urls_file), "--out",
                             str(tmp_path / "out"), "--workers", "1", "--progress", "off"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    started: list[int] = []
    try:
        for _ in range(12_000):  # polled until a page is being read (the host is up)
            started = descendants(proc.pid)
            names = {_name(pid) for pid in started}
            if "chromedriver" in names and "chromium" in names and "python" in names:
                break
            assert proc.poll() is None, "the batch ended before its browser started"
            time.sleep(0.01)
        else:
            pytest.fail(f"no chromedriver, Chromium and host below the batch: {names}")
        started = descendants(proc.pid)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    for _ in range(6_000):  # polled: the watchdog kills the group as soon as the batch is gone
        alive = [pid for pid in started if _alive(pid)]
        if not alive:
            break
        time.sleep(0.01)
    assert alive == [], f"still running after kill -9 of the batch: {[_name(p) for p in alive]}"


def _name(pid: int) -> str:
    try:
        first = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode()
    except OSError:
        return ""
    base = first.rsplit("/", 1)[-1]
    return "python" if base.startswith("python") else base


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2] != "Z"
