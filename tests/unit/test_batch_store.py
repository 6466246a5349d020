"""The batch's bookkeeping: URL files, slugs, and the results store's crash rules (outputs
before the line, a half-written last line cut on load, staging cleared)."""

from __future__ import annotations

import json
from pathlib import Path

from axsnap_host.batch import Job, PageResult, ResultStore, make_jobs, read_urls, slug_for
from axsnap_host.batch.progress import summary


def test_urls_file_skips_comments_blanks_and_repeats(tmp_path: Path) -> None:
    path = tmp_path / "urls.txt"
    path.write_text("# list\nhttp://a.test/x\n\n  http://b.test/ \nhttp://a.test/x\n")
    jobs = make_jobs(read_urls(path))
    assert [j.url for j in jobs] == ["http://a.test/x", "http://b.test/"]


def test_slugs_are_safe_readable_and_distinct() -> None:
    a, b = slug_for("http://h.test/p?q=1"), slug_for("http://h.test/p?q=2")
    assert a != b and a.startswith("h.test_p_q_1-")
    weird = slug_for("http://h.test/../../etc/passwd?x=<>|:*")
    assert "/" not in weird and ".." not in weird.split("-")[0][:2]
    assert slug_for("http://h.test/p?q=1") == a, "stable across runs"


def result(url: str, status: str = "ok", code: str | None = None) -> PageResult:
    return PageResult(url, slug_for(url), status=status, error_code=code).finish()


def test_commit_moves_outputs_then_appends_the_line(tmp_path: Path) -> None:
    store = ResultStore(tmp_path)
    assert store.open() == {}
    job = Job("http://a.test/", slug_for("http://a.test/"))
    staged = store.staging_dir(job, 0)
    (staged / "snapshot.json").write_text("{}")
    store.commit(job, result(job.url), staged)
    assert (tmp_path / job.slug / "snapshot.json").read_text() == "{}"
    assert not staged.exists()
    failed = Job("http://b.test/", slug_for("http://b.test/"))
    staged = store.staging_dir(failed, 1)
    (staged / "partial.json").write_text("{")
    store.commit(failed, result(failed.url, "failed", "timeout"), staged)
    assert not (tmp_path / failed.slug).exists(), "a failed page leaves no folder"
    recorded = ResultStore(tmp_path).open()
    assert {u: r.status for u, r in recorded.items()} == {job.url: "ok", failed.url: "failed"}


def test_a_half_written_last_line_is_cut_and_staging_cleared(tmp_path: Path) -> None:
    line = json.dumps(result("http://a.test/").to_json())
    (tmp_path / "results.jsonl").write_text(line + "\n" + line[:20])
    (tmp_path / ".staging" / "x.0").mkdir(parents=True)
    recorded = ResultStore(tmp_path).open()
    assert list(recorded) == ["http://a.test/"]
    assert (tmp_path / "results.jsonl").read_text() == line + "\n"
    assert list((tmp_path / ".staging").iterdir()) == []


def test_summary_groups_failures_by_reason() -> None:
    results = [result("http://a.test/"), result("http://b.test/", "failed", "timeout"),
               result("http://c.test/", "failed", "timeout"),
               result("http://d.test/", "failed", "navigation_failed")]
    text = summary(results, skipped=3, elapsed_s=60)
    assert text.splitlines()[0] == ("4 page(s) run in 60.0 s (4.0 pages/min): 1 ok, 3 failed; "
                                    "3 done earlier (skipped)")
    assert text.splitlines()[1:3] == ["  timeout: 2", "    http://b.test/  (None)"]
    assert "  navigation_failed: 1" in text
