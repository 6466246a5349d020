"""Precision and recall of the one URL scrubber (pipeline/url_scrub.py) on a labelled corpus.

The corpus (bench/url_corpus.jsonl.gz, built and labelled by bench/build_url_corpus.py
before any measurement) holds real link URLs of 130 saved pages and planted secret URLs,
split by page into ``dev`` (what the rules may be tuned on) and ``heldout`` (reported apart,
never looked at while tuning).

- **Links kept usable**: of the links labelled ``keep``, the share that comes out unchanged.
- **Precision**: of the URLs the scrubber changed, the share labelled ``redact``.
- **Recall**: of the URLs labelled ``redact``, the share with none of their secret values
  left (scheme, host and port must stay too).

    python bench/bench_url_redaction.py [--write]   # --write: bench/results/url_redaction.md
    python bench/bench_url_redaction.py --baseline dbdf1ed   # the scrubber of a commit
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "host"))

from axsnap_host.pipeline.url_scrub import scrub_url  # noqa: E402

CORPUS = ROOT / "bench" / "url_corpus.jsonl.gz"
RESULT = ROOT / "bench" / "results" / "url_redaction.md"
SHOWN_MISSES = 12


def _host_port(url: str) -> str:
    """``host:port`` of an absolute URL, userinfo left out (as text: never parsed)."""
    rest = url.split("://", 1)[1] if "://" in url else url
    authority = rest.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    return authority.rsplit("@", 1)[-1]


def baseline_scrubber(commit: str) -> Any:
    """scrub_url of an older commit (before pipeline/url_scrub.py: redaction.py's)."""
    import subprocess
    import types

    source = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{commit}:host/axsnap_host/pipeline/redaction.py"],
        capture_output=True, text=True, check=True).stdout
    module = types.ModuleType("baseline_redaction")
    exec(compile(source, f"{commit}:redaction.py", "exec"), module.__dict__)
    return lambda url, _names: module.scrub_url(url)


SCRUB: Any = scrub_url


def judge(item: dict[str, Any]) -> dict[str, Any]:
    names = frozenset(n.lower() for n in item.get("page_secret_names", ()))
    out, _ = SCRUB(item["url"], names)
    changed = out != item["url"]
    if item["label"] == "keep":
        return {**item, "out": out, "changed": changed, "ok": not changed}
    leaked = [s for s in item["secrets"] if s in out]
    origin_kept = _host_port(out) == _host_port(item["url"])
    return {**item, "out": out, "changed": changed, "ok": not leaked and origin_kept,
            "leaked": leaked}


def scores(judged: list[dict[str, Any]]) -> dict[str, Any]:
    keep = [j for j in judged if j["label"] == "keep"]
    redact = [j for j in judged if j["label"] == "redact"]
    changed = [j for j in judged if j["changed"]]
    return {
        "links": len(keep),
        "kept_usable": sum(j["ok"] for j in keep),
        "secret_urls": len(redact),
        "caught": sum(j["ok"] for j in redact),
        "changed": len(changed),
        "changed_right": sum(j["label"] == "redact" for j in changed),
    }


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f}% ({part}/{whole})" if whole else "n/a"


def table(rows: list[tuple[str, dict[str, Any]]]) -> list[str]:
    lines = ["| set | links kept usable | precision | recall |", "|---|---|---|---|"]
    for name, s in rows:
        lines.append(f"| {name} | {pct(s['kept_usable'], s['links'])} | "
                     f"{pct(s['changed_right'], s['changed'])} | "
                     f"{pct(s['caught'], s['secret_urls'])} |")
    return lines


def misses(judged: list[dict[str, Any]], split: str) -> list[str]:
    wrong = [j for j in judged if j["split"] == split and not j["ok"]]
    lines = [f"{len(wrong)} wrong in {split}; by reason: "
             + ", ".join(f"{k} {v}" for k, v in Counter(
                 ("over-redacted" if j["label"] == "keep" else f"missed {j['why']}")
                 for j in wrong).most_common())]
    for j in wrong[:SHOWN_MISSES]:
        kind = "kept wrongly" if j["label"] == "redact" else "changed"
        lines.append(f"- {kind}: `{j['url'][:140]}` → `{j['out'][:140]}`")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {RESULT.name}")
    parser.add_argument("--baseline", metavar="COMMIT",
                        help="measure the scrubber of COMMIT instead (a table only)")
    args = parser.parse_args()
    global SCRUB
    if args.baseline:
        SCRUB = baseline_scrubber(args.baseline)
    with gzip.open(CORPUS, "rt", encoding="utf-8") as handle:
        items = [json.loads(line) for line in handle]
    judged = [judge(item) for item in items]
    rows = []
    for split in ("dev", "heldout"):
        for kind in ("real", "planted"):
            subset = [j for j in judged if j["split"] == split and j["kind"] == kind]
            rows.append((f"{split} · {kind}", scores(subset)))
        rows.append((f"**{split}**", scores([j for j in judged if j["split"] == split])))
    wiki = [j for j in judged if j.get("page", "").startswith("wikipedia")]
    rows.append(("Wikipedia pages (both splits)", scores(wiki)))
    report = [
        "# URL redaction: precision and recall on a labelled corpus",
        "",
        "Command: `python bench/bench_url_redaction.py --write` (corpus: "
        "`bench/url_corpus.jsonl.gz`, built and labelled by `bench/build_url_corpus.py` "
        "before measuring; labels and splits are described there).",
        "",
        f"{len(items)} URLs: {sum(i['kind'] == 'real' for i in items)} real links of 130 "
        "saved pages (mozilla/readability test pages; relative links resolved against "
        "http://127.0.0.1:8765/), of which "
        f"{sum(i['kind'] == 'real' and i['label'] == 'redact' for i in items)} carry a "
        f"credential, and {sum(i['kind'] == 'planted' for i in items)} planted secret URLs. "
        "Held-out = 30% of the pages (and of the planted URLs), never looked at while tuning.",
        "",
        *table(rows),
        "",
        "## Dev misses (what tuning may look at)",
        "",
        *misses(judged, "dev"),
        "",
        "## Held-out misses (reported, not tuned on)",
        "",
        *misses(judged, "heldout"),
        "",
    ]
    text = "\n".join(report)
    print(text)
    if args.write:
        RESULT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
