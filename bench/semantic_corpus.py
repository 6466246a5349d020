"""The semantic view on the real-page corpus (bench/corpus), against labels written first.

One Debian Chromium with the extension and the registered host; every page of
bench/corpus/labels.json is served from 127.0.0.1 and read with format "semantic":

- page type from the default read (the first screen) and from the whole page;
- semantic ids: every id made of the element's name or its context (no ordinal suffix, no
  badge number), the labelled controls found under their expected names, and each id that
  is in two reads unchanged after scrolling one screen down;
- articles: each labelled body paragraph is in the content ranking, above every block of
  navigation, header, footer and dialog regions;
- budget: ``semantic_text`` with ``max_tokens`` fits;
- what the page shows a person as served (bench/corpus/shown.py, as shows.py counts it): a
  page that shows too little without its scripts (a stylesheet that keeps it hidden until a
  script shows it) is scored apart beside the whole count, and named.

Tuned and held-out pages are reported apart (a summary table side by side, then each set in
full). Pages of a spent held-out set (``spent_held_out``: scored once, then looked at) are tuned
pages. Writes bench/results/semantic_corpus.md.

    .venv/bin/python bench/semantic_corpus.py
    .venv/bin/python bench/semantic_corpus.py --tuned                # tuning pages only, no report
    .venv/bin/python bench/semantic_corpus.py --only guardian bbc    # a few pages, no report
    .venv/bin/python bench/semantic_corpus.py --rows ROWS.jsonl       # a run's report again
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from axsnap_host.client import Browser, PageResult
from axsnap_host.client.file_server import serve_directory
from axsnap_host.models.errors import AxsnapError
from axsnap_host.pipeline.tokens import count_tokens
from axsnap_host.semantic.classify import PAGE_TYPES

CORPUS = Path(__file__).parent / "corpus"
sys.path.insert(0, str(CORPUS))
from shown import SHOWN, shows_too_little  # noqa: E402

RESULTS = Path(__file__).parent / "results"
FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}
CHROME = frozenset({"navigation", "header", "footer", "dialog"})
BUDGET = 1500
TYPES = (*PAGE_TYPES, "unknown")
_WORD = re.compile(r"[^\W_]+")


def confusion_markdown(pairs: list[tuple[str, str]]) -> str:
    """The confusion matrix of (label, predicted) pairs as a Markdown table."""
    counts = Counter(pairs)
    used = [t for t in TYPES if any(t in pair for pair in pairs)]
    short = {t: t.replace("search_", "s_").replace("email_", "e_") for t in used}
    lines = ["| label \\ predicted | " + " | ".join(short[t] for t in used) + " |",
             "|---|" + "--:|" * len(used)]
    for label in used:
        cells = [str(counts.get((label, p), "")) or "·" for p in used]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def old_id_problem(el: dict[str, Any]) -> bool:
    """The check before 2026-11-29 (kept to show what the fix changed): an ordinal-looking
    tail not among the label's or the row context's words. It could not see the other words
    an id is made of (the nearby text, the section), so a price or a date there ("near
    samsung tv 1800") counted as a counter."""
    ident, label = el["id"], el.get("label") or ""
    known = set(words(label)) | set(words(el.get("relations", {}).get("context", "")))
    tail = ident.rsplit("_", 1)[-1]
    return "_" not in ident or (tail.isdigit() and tail not in known)


def id_class(el: dict[str, Any], read_ids: set[str]) -> str:
    """How an id was made, by what the reply says of it:

    - ``counter``: numbered twins (``link_home_2`` beside ``link_home`` in the same reply):
      nothing the rules read (label, row, region, destination, container, section, the
      named places around it, the heading above) differs between them;
    - ``bare``: a type alone (``btn``);
    - ``digits``: a number at the end that is none of the words the reply gives for it;
    - ``context_digits``: a number at the end that is a word of its row, nearby text,
      section, twin places or, for a picture named for its title link, that title
      (``relations.context``/``near``/``section``/``twin``/``for``: a price, a date, a
      version: apachedoc-02's arrow picture ``link_for_version_2_4``), no counter;
    - ``named``: label and context words only.
    """
    ident, label = el["id"], el.get("label") or ""
    relations = el.get("relations", {})
    tail = ident.rsplit("_", 1)[-1]
    if "_" not in ident:
        return "bare"
    if not tail.isdigit() or tail in words(label):
        return "named"
    if ident[:-len(tail) - 1] in read_ids:
        return "counter"
    said = " ".join(str(relations.get(k, "")) for k in ("context", "near", "section", "twin",
                                                            "for"))
    return "context_digits" if tail in words(said) else "digits"


BAD_CLASSES = frozenset({"counter", "bare", "digits"})


def id_problems(elements: list[dict[str, Any]]) -> list[str]:
    """Ids not made of a name or a context: counters, bare types, unexplained digits."""
    ids = {el["id"] for el in elements}
    return [el["id"] for el in elements if id_class(el, ids) in BAD_CLASSES]


def id_classes(elements: list[dict[str, Any]]) -> Counter[tuple[bool, str]]:
    """(flagged by the old check, class now) for every id of a reply."""
    ids = {el["id"] for el in elements}
    return Counter((old_id_problem(el), id_class(el, ids)) for el in elements)


def find_control(elements: list[dict[str, Any]], want: dict[str, str]) -> bool:
    """A labelled control: an element whose label is the expected name (and, for twins,
    whose id or context carries the row's words)."""
    name = words(want["name"])
    for el in elements:
        if words(el.get("label") or "") != name:
            continue
        context = want.get("context")
        if not context:
            return True
        said = set(words(el["id"])) | set(words(el.get("relations", {}).get("context", "")))
        if set(words(context)) <= said:
            return True
    return False


def body_ranked(content: list[dict[str, Any]], regions: dict[str, str],
                body: list[str]) -> tuple[int, int]:
    """(labelled paragraphs found in the ranking, of them ranked above every chrome block)."""
    found = above = 0
    chrome_ranks = [i for i, s in enumerate(content) if regions.get(s["region"]) in CHROME]
    first_chrome = min(chrome_ranks) if chrome_ranks else len(content)
    for start in body:
        lead = words(start)
        rank = next((i for i, s in enumerate(content)
                     if words(s["text"])[:len(lead)] == lead), None)
        if rank is None:
            continue
        found += 1
        above += rank < first_chrome
    return found, above


def read(browser: Browser, url: str | None, **options: Any) -> PageResult:
    result = browser.snapshot(url, format="semantic", **FAST, **options)
    assert isinstance(result, PageResult)
    return result


def measure(browser: Browser, base: str, name: str, label: dict[str, Any]) -> dict[str, Any]:
    url = f"{base}{name}/index.html"
    first = read(browser, url)
    whole = read(browser, None, viewport_only=False)
    row: dict[str, Any] = {"name": name, "label": label["type"], "held_out": label["held_out"],
                           "window": first.type, "whole": whole.type}
    elements = whole.elements
    row["ids"] = len(elements)
    row["id_problems"] = id_problems(elements) + id_problems(first.elements)
    classes = id_classes(elements) + id_classes(first.elements)
    row["id_classes"] = {f"{int(old)}:{kind}": n for (old, kind), n in classes.items()}
    ids_now = {e["id"] for e in elements}
    row["context_digit_ids"] = [e["id"] for e in elements
                                if old_id_problem(e) and id_class(e, ids_now) == "context_digits"]
    wanted = label.get("controls") or []
    row["controls"] = (sum(find_control(elements, c) for c in wanted), len(wanted))
    missing = [c["name"] + (f" @{c['context']}" if c.get("context") else "")
               for c in wanted if not find_control(elements, c)]
    row["controls_missing"] = missing
    if label.get("body"):
        kinds = {r["id"]: r["kind"] for r in whole.page["regions"]}
        row["body"] = body_ranked(whole.content, kinds, label["body"]), len(label["body"])
    # Scroll one screen: an element in both reads keeps its id.
    browser.run_in_target("window.scrollBy(0, Math.round(innerHeight * 0.8));")
    second = read(browser, None)
    before = {e["handle"]["backendNodeId"]: e["id"] for e in first.elements}
    moved = [f"{before[e['handle']['backendNodeId']]}->{e['id']}" for e in second.elements
             if before.get(e["handle"]["backendNodeId"], e["id"]) != e["id"]]
    row["scroll_changed"] = moved
    row["scroll_shared"] = sum(1 for e in second.elements
                               if e["handle"]["backendNodeId"] in before)
    try:
        text = browser.snapshot(None, format="semantic_text", viewport_only=False,
                                max_tokens=BUDGET, **FAST).text
    except AxsnapError:  # a host without the option: the whole text, unbudgeted
        text = browser.snapshot(None, format="semantic_text", viewport_only=False, **FAST).text
    row["budget_tokens"] = count_tokens(text)
    # Last, after every read: what a person sees of the page as served (the script reads the
    # page and changes nothing; checkVisibility() does not depend on the scroll).
    try:
        row["shown"] = browser.run_in_target(SHOWN)
    except Exception:  # a note beside the scores, never the page's failure: counted as shown
        row["shown"] = None
    return row


def blank(row: dict[str, Any]) -> bool:
    """A page that shows too little without its scripts (a row from before the check, or of
    a page not read, has no ``shown``: not blank)."""
    return bool(row.get("shown")) and shows_too_little(row["shown"])


def blank_apart(rows: list[dict[str, Any]]) -> tuple[int, int]:
    """(default reads of the right type, pages) over the pages that show something."""
    seen = [r for r in rows if not blank(r)]
    return sum(r["window"] == r["label"] for r in seen), len(seen)


def failed_row(name: str, label: dict[str, Any], error: str) -> dict[str, Any]:
    """A page that could not be read: a page-type miss in both reads, its labelled controls
    and body paragraphs not found, nothing else counted; the reason in ``error``."""
    wanted = label.get("controls") or []
    row: dict[str, Any] = {
        "name": name, "label": label["type"], "held_out": label["held_out"],
        "window": "unknown", "whole": "unknown", "error": error, "ids": 0, "id_problems": [],
        "id_classes": {}, "context_digit_ids": [], "controls": (0, len(wanted)),
        "controls_missing": [c["name"] + (f" @{c['context']}" if c.get("context") else "")
                             for c in wanted],
        "scroll_changed": [], "scroll_shared": 0, "budget_tokens": 0}
    if label.get("body"):
        row["body"] = (0, 0), len(label["body"])
    return row


def measure_or_fail(browser: Browser, base: str, name: str,
                    label: dict[str, Any]) -> dict[str, Any]:
    """``measure``, or a failed row when the page has no file or a read raises: a page that
    cannot be read costs its own row, not the run (a held-out set is measured once)."""
    if not (CORPUS / name / "index.html").is_file():
        return failed_row(name, label, f"no file bench/corpus/{name}/index.html")
    try:
        return measure(browser, base, name, label)
    except Exception as exc:  # any failure of one page is that page's row, named
        return failed_row(name, label, f"{type(exc).__name__}: {exc}")


def _totals(rows: list[dict[str, Any]]) -> dict[str, str]:
    n = len(rows)
    articles = [r for r in rows if "body" in r]
    paras = sum(r["body"][1] for r in articles)
    above = sum(r["body"][0][1] for r in articles)
    window = sum(r["window"] == r["label"] for r in rows)
    ids = sum(r["ids"] for r in rows)
    bad = sum(len(r["id_problems"]) for r in rows)
    shared = sum(r["scroll_shared"] for r in rows)
    moved = sum(len(r["scroll_changed"]) for r in rows)
    counters = _class_count(rows, "counter")[0]
    shown_right, shown = blank_apart(rows)
    return {"pages": str(n),
            "page type, default read": f"{window}/{n} = {window / n:.0%}" if n else "—",
            "page type, default read, pages not blank without scripts":
                f"{shown_right}/{shown} = {shown_right / shown:.0%}" if shown else "—",
            "article body paragraphs above every nav/header/footer/dialog block":
                f"{above}/{paras}",
            "semantic ids from a name or context": f"{ids - bad}/{ids}",
            "ids numbered: twins with nothing that differs": str(counters),
            "ids unchanged after scrolling one screen": f"{shared - moved}/{shared}"}


CLASS_ORDER = ("named", "context_digits", "counter", "digits", "bare")


def _class_count(rows: list[dict[str, Any]], kind: str) -> tuple[int, int]:
    """(ids of this class now, of them flagged by the old check), over whole + first reads."""
    now = sum(n for r in rows for key, n in r.get("id_classes", {}).items()
              if key.endswith(f":{kind}"))
    old = sum(r.get("id_classes", {}).get(f"1:{kind}", 0) for r in rows)
    return now, old


def id_class_table(rows: list[dict[str, Any]]) -> list[str]:
    """The ids by how they were made, beside what the old check said of them."""
    lines = ["| id made of (whole-page reads + first screens) | ids | flagged by the old check |",
             "|---|--:|--:|"]
    said = {"named": "label and context words", "context_digits":
            "a number that is a word of its row, nearby text or section (price, date)",
            "counter": "a counter: twins with nothing that differs",
            "digits": "a number that is none of its words", "bare": "the type alone"}
    for kind in CLASS_ORDER:
        now, old = _class_count(rows, kind)
        lines.append(f"| {said[kind]} | {now} | {old} |")
    return [*lines, ""]


def summary(held: list[dict[str, Any]], tuned: list[dict[str, Any]]) -> list[str]:
    """Held-out and tuned side by side: the held-out column is the claim."""
    a, b = _totals(held), _totals(tuned)
    lines = ["| measure | held out (never tuned on) | tuned on |", "|---|--:|--:|"]
    lines += [f"| {key} | {a[key]} | {b[key]} |" for key in a]
    return [*lines, ""]


def section(rows: list[dict[str, Any]], title: str) -> list[str]:
    if not rows:
        return []
    n = len(rows)
    window = sum(r["window"] == r["label"] for r in rows)
    whole = sum(r["whole"] == r["label"] for r in rows)
    ids = sum(r["ids"] for r in rows)
    bad = sum(len(r["id_problems"]) for r in rows)
    found = sum(r["controls"][0] for r in rows)
    wanted = sum(r["controls"][1] for r in rows)
    shared = sum(r["scroll_shared"] for r in rows)
    moved = sum(len(r["scroll_changed"]) for r in rows)
    articles = [r for r in rows if "body" in r]
    in_rank = sum(r["body"][0][0] for r in articles)
    above = sum(r["body"][0][1] for r in articles)
    paras = sum(r["body"][1] for r in articles)
    fits = sum(r["budget_tokens"] <= BUDGET for r in rows if "error" not in r)
    shown_right, shown = blank_apart(rows)
    apart = ([f"| page type, default read, pages blank without scripts set apart ({n - shown}) "
              f"| {shown_right}/{shown} = {shown_right / shown:.0%} |"]
             if shown < n and shown else [])
    out = [f"## {title} ({n} pages)", "",
           "| measure | result |", "|---|---|",
           f"| page type, default read (first screen) | {window}/{n} = {window / n:.0%} |",
           *apart,
           f"| page type, whole page | {whole}/{n} = {whole / n:.0%} |",
           f"| semantic ids from a name or context (whole-page reads, + first screens) | "
           f"{ids - bad}/{ids} ({bad} not) |",
           f"| labelled controls found under their expected name | {found}/{wanted} |",
           f"| ids unchanged after scrolling one screen (elements in both reads) | "
           f"{shared - moved}/{shared} |",
           f"| article body paragraphs in the ranking | {in_rank}/{paras} |",
           f"| article body paragraphs above every nav/header/footer/dialog block | "
           f"{above}/{paras} |",
           f"| `semantic_text` within max_tokens={BUDGET} | {fits}/{n} |", "",
           *id_class_table(rows),
           confusion_markdown([(r["label"], r["window"]) for r in rows]), ""]
    misses = [f"- {r['name']}: {r['label']} → {r['window']} (whole page: {r['whole']})"
              + (f"; not read: {r['error']}" if "error" in r else "")
              + ("; blank without scripts: {chars} characters, {controls} controls shown"
                 .format(**r["shown"]) if blank(r) else "")
              for r in rows if r["window"] != r["label"]]
    out += ["Page-type misses (default read):" if misses else "No page-type misses.", *misses, ""]
    blanks = [r["name"] for r in rows if blank(r)]
    if blanks:
        out += ["Blank without scripts (they show too little as served; scored apart above): "
                + ", ".join(blanks), ""]
    detail = []
    for r in rows:
        notes = [f"not read: {r['error']}"] if "error" in r else []
        if r["id_problems"]:
            notes.append("ids " + ", ".join(r["id_problems"][:6]))
        if r.get("context_digit_ids"):
            notes.append("numbers from context (no counters): "
                         + ", ".join(r["context_digit_ids"][:3]))
        if r["controls_missing"]:
            notes.append("controls not found: " + "; ".join(r["controls_missing"][:6]))
        if r["scroll_changed"]:
            notes.append("moved on scroll: " + ", ".join(r["scroll_changed"][:4]))
        if "body" in r and r["body"][0][1] < r["body"][1]:
            notes.append(f"body {r['body'][0][1]}/{r['body'][1]} above chrome "
                         f"({r['body'][0][0]} in the ranking)")
        if "error" not in r and r["budget_tokens"] > BUDGET:
            notes.append(f"budget {r['budget_tokens']} tokens")
        if notes:
            detail.append(f"- {r['name']}: " + "; ".join(notes))
    return out + (["Other misses:", *detail, ""] if detail else [])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="these pages only; prints, writes no report")
    parser.add_argument("--tuned", action="store_true",
                        help="tuning pages only (never a held-out one); no report")
    parser.add_argument("--out", type=Path, default=RESULTS / "semantic_corpus.md")
    parser.add_argument("--rows", type=Path, help="write the report from the rows (stderr, one "
                        "JSON line per page) of an earlier run, without a browser")
    args = parser.parse_args()
    labels = json.loads((CORPUS / "labels.json").read_text("utf-8"))["pages"]
    names = args.only or sorted(labels)
    unknown = [n for n in names if n not in labels]
    if unknown:
        parser.error("not in bench/corpus/labels.json: " + " ".join(unknown))
    if args.tuned:
        names = [n for n in names if not labels[n]["held_out"]]
    rows = []
    started = time.perf_counter()
    ran = time.gmtime()
    if args.rows:  # the rows of an earlier run: its report again, nothing measured anew
        rows = [json.loads(line) for line in args.rows.read_text("utf-8").splitlines()
                if line.startswith("{")]
        ran = time.gmtime(args.rows.stat().st_mtime)
    else:
        with serve_directory(CORPUS) as base, Browser() as browser:
            for name in names:
                row = measure_or_fail(browser, base, name, labels[name])
                rows.append(row)
                print(json.dumps(row, ensure_ascii=False), file=sys.stderr)
    if args.only or args.tuned:
        print("\n".join(section(rows, "Tuned on" if args.tuned else "These pages")))
        return 0
    tuned = [r for r in rows if not r["held_out"]]
    held = [r for r in rows if r["held_out"]]
    report = [
        "# The semantic view on the real-page corpus",
        "",
        f"Run {time.strftime('%Y-%m-%dT%H:%M:%SZ', ran)}"
        + (" (report written from its rows, `--rows`)" if args.rows else
           f", {time.perf_counter() - started:.0f} s")
        + ": `.venv/bin/python bench/semantic_corpus.py` "
        f"(bench/corpus: {len(rows)} real pages, {len(held)} held out; labels written before "
        "axsnap ran on them; see bench/corpus/SOURCES.md). Format semantic through the extension "
        "in Debian Chromium; the default read is the first screen. Earlier held-out sets, spent "
        "and moved to the tuning set: bench/results/semantic_corpus_history.md.",
        "",
        *summary(held, tuned),
        "How an id is counted (the tables \"id made of\" below): a *counter* is an id that "
        "ends in `_N` beside its own base id in the same reply (twins the rules found nothing "
        "to part: label, row words, region, destination, container, section, the walker's "
        "named places and heading above, the paragraph holding them); a number at the end "
        "that is a word the reply gives for the element (`relations.context`, `near`, "
        "`section`, `twin`: a price, a date, a version) is *context*, no counter. The check "
        "before 2026-11-29 knew only the label and the row context and counted such numbers "
        "as counters (`img_product_image_near_samsung_tv_1800`, a price in the nearby text); "
        "the column \"flagged by the old check\" says how it classified the same ids.",
        "",
        *section(held, "Held out (never tuned on)"),
        *section(tuned, "Tuned on"),
        f"Type counts: {dict(Counter(r['label'] for r in rows))}",
        "",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(report), encoding="utf-8")
    print("\n".join(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
