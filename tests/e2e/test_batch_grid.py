"""``axsnap batch --grid``: a real Selenium Grid 4 (standalone, two Chromium slots) on
127.0.0.1, the node prepared with ``axsnap_host.grid.node`` (host registered in per-slot
profiles), the extension sent in each session's capabilities. Twenty pages, outputs checked;
a second run does nothing; a page that times out and a host that does not resolve are
reported, not fatal."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from axsnap_host.batch import RESULTS_NAME, Batch, BatchSettings, slug_for
from axsnap_host.grid import standalone_grid

pytestmark = pytest.mark.e2e
SLOTS = 2


@pytest.fixture(scope="module")
def grid(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """(Grid URL, folder of the per-slot profiles) of a standalone Grid started here."""
    if not shutil.which("java"):
        pytest.fail("the Grid test needs Java 17: apt-get install -y openjdk-17-jre-headless "
                    "(scripts/bootstrap.sh does)", pytrace=False)
    with standalone_grid(tmp_path_factory.mktemp("grid"), SLOTS) as found:
        yield found


def test_grid_batch_of_twenty_pages_resumes_and_reports_failures(
        grid: tuple[str, Path], pages_url: str, tmp_path: Path) -> None:
    url, profiles = grid
    good = [f"{pages_url}batch.html?n=g{i}" for i in range(20)]
    slow = f"{pages_url}__slow?ms=120000"  # past both attempts' deadlines
    nowhere = "http://nowhere.invalid/"
    urls = [*good[:7], slow, *good[7:14], nowhere, *good[14:]]
    out = tmp_path / "out"
    settings = BatchSettings(workers=SLOTS, timeout_s=30, load_timeout_s=12, retries=1,
                             backoff_s=0.1,
                             grid_url=url,
                             grid_profile=str(profiles / "slot-{worker}"))
    batch = Batch(urls, out, settings)
    streamed = []
    for result in batch.results():  # each result arrives as its page is committed
        lines = (out / RESULTS_NAME).read_text().splitlines()
        assert [json.loads(line)["url"] for line in lines].count(result.url) == 1
        streamed.append(result)
    assert sorted(r.url for r in streamed) == sorted(urls)
    assert {r.worker for r in streamed} == {0, 1}, "both Grid slots worked"

    recorded = {r["url"]: r for r in map(json.loads, (out / RESULTS_NAME).read_text()
                                         .splitlines())}
    assert len(recorded) == 22
    for page in good:
        result = recorded[page]
        assert result["status"] == "ok", result
        snapshot = json.loads((out / slug_for(page) / "snapshot.json").read_text())
        assert f"Page {page.rsplit('=', 1)[1]}" in json.dumps(snapshot)
        assert snapshot["ax_tree"]["nodes"]
    assert recorded[slow]["error_code"] == "timeout"
    assert recorded[nowhere]["error_code"] == "navigation_failed"

    again = Batch(urls, out, settings)
    assert not again.pending and list(again.results()) == []
    assert len((out / RESULTS_NAME).read_text().splitlines()) == 22
