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
    assert {s: r.status for s, r in recorded.items()} == {job.slug: "ok", failed.slug: "failed"}


def test_a_half_written_last_line_is_cut_and_staging_cleared(tmp_path: Path) -> None:
    line = json.dumps(result("http://a.test/").to_json())
    (tmp_path / "results.jsonl").write_text(line + "\n" + line[:20])
    (tmp_path / ".staging" / "x.0").mkdir(parents=True)
    recorded = ResultStore(tmp_path).open()
    assert list(recorded) == [slug_for("http://a.test/")]
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


# --- a list from elsewhere: hostile lines are skipped and said, secrets stay out ---------

def test_bad_lines_are_refused_one_by_one_and_the_rest_runs(tmp_path: Path) -> None:
    from axsnap_host.batch import Batch, BatchSettings

    path = tmp_path / "urls.txt"
    path.write_bytes(b"http://a.test/x\n"
                     b"http://b.test/caf\xe9\n"  # a Latin-1 byte
                     b"http://[::1\n"
                     b"javascript:alert(1)\n"
                     b"ftp://files.test/a.txt\n"
                     b"file:///etc/passwd\n"
                     b"http:///no-host\n"
                     b"https://c.test/ok\n")
    batch = Batch(path, tmp_path / "out", BatchSettings(),
                  factory=lambda _i: None)  # type: ignore[arg-type, return-value]
    assert [j.url for j in batch.jobs] == ["http://a.test/x", "https://c.test/ok"]
    refused = {r.line: (r.code, r.reason) for r in batch.refused}
    assert sorted(refused) == [2, 3, 4, 5, 6, 7]
    assert refused[2][0] == "invalid_message" and "UTF-8" in refused[2][1]
    assert refused[3] == ("invalid_message", "not a URL (its host or port cannot be read)")
    assert refused[4][0] == "not_allowed" and refused[4][1].startswith("javascript: URLs")
    assert refused[5][0] == "not_allowed" and refused[5][1].startswith("ftp: URLs")
    assert refused[6][0] == "not_allowed" and refused[6][1].startswith("file: URLs")
    assert refused[7][0] == "invalid_message"
    allowed = Batch(path, tmp_path / "out2", BatchSettings(schemes=("http", "https", "file")),
                    factory=lambda _i: None)  # type: ignore[arg-type, return-value]
    assert "file:///etc/passwd" in [j.url for j in allowed.jobs]


def test_a_python_list_is_checked_the_same_way(tmp_path: Path) -> None:
    from axsnap_host.batch import Batch, BatchSettings

    batch = Batch(["javascript:alert(1)", "http://a.test/"], tmp_path, BatchSettings(),
                  factory=lambda _i: None)  # type: ignore[arg-type, return-value]
    assert [j.url for j in batch.jobs] == ["http://a.test/"]
    assert [(r.line, r.code) for r in batch.refused] == [(1, "not_allowed")]


def test_a_secret_in_a_url_stays_out_of_folder_names_and_results(tmp_path: Path) -> None:
    url = "http://h.test/login?user=ann&pw=hunter2-typed&senha=segredo-9"
    other = "http://h.test/login?user=ann&pw=another-typed&senha=x"
    jobs = make_jobs([url, other])
    assert [j.url for j in jobs] == [url, other], "the browser loads the URL as given"
    assert all("hunter2" not in j.slug and "segredo" not in j.slug for j in jobs)
    assert jobs[0].slug != jobs[1].slug, "two URLs that scrub alike keep their own folders"
    assert jobs[0].shown_url == "http://h.test/login?user=ann&pw=[redacted]&senha=[redacted]"
    store = ResultStore(tmp_path)
    store.open()
    page = PageResult(jobs[0].shown_url, jobs[0].slug, status="failed",
                      error_code="navigation_failed",
                      error_message=f"{url}: net::ERR_CONNECTION_REFUSED").finish()
    store.commit(jobs[0], page, None)
    text = (tmp_path / "results.jsonl").read_text()
    assert "hunter2" not in text and "segredo" not in text
    assert "pw=[redacted]" in text
    assert list(ResultStore(tmp_path).open()) == [jobs[0].slug], "resumed by folder name"
