"""The differential check of issue 26: seeded random changes of every kind applied to pages of
tests/pages/stale/, and after each one every format's normal read compared with the ``exact``
read (every fast path off, models/fast_paths.py) of the same state. A mismatch names the fast
paths that answered the normal read. Used by tests/e2e/test_differential_e2e.py (fixed seeds)
and bench/bench_differential.py (random seeds, minutes).

Every change is synchronous as the reads see it: timers, animations and loads are waited for
(a condition the page answers), so the normal and the exact read read the same page.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from axsnap_host.client import Browser

# (page, name) -> (script, condition it took effect). Every kind issue 26 names, on pages
# with nothing the journals are blind to (window.html) and with all of it (index.html).
WINDOW = "stale/window.html"
BLIND = "stale/index.html"
CHANGES: dict[str, dict[str, tuple[str, str]]] = {
    WINDOW: {
        "attribute": ("document.getElementById('other').setAttribute('aria-label', `L${Math.random()}`)",
                      "true"),
        "class-only CSS": ("document.getElementById('slides').classList.toggle('wide');"
                           "document.getElementById('slides').style.padding ="
                           " document.getElementById('slides').classList.contains('wide') ? '9px' : ''",
                           "true"),
        "text": ("document.getElementById('other').textContent = `Other ${Math.floor(Math.random() * 99)}`",
                 "true"),
        "add element": ("const b = document.createElement('button'); b.textContent = `Added ${Date.now()}`;"
                        " document.getElementById('slides').after(b)", "true"),
        "remove first slide": ("document.querySelector('#slides > button')?.remove()", "true"),
        "value by script": ("document.getElementById('fullname').value = `V${Math.random()}`", "true"),
        "checked by script": ("document.getElementById('hascheck').checked ="
                              " !document.getElementById('hascheck').checked", "true"),
        "scroll": ("window.scrollTo(0, Math.random() < 0.5 ? 0 : 120)", "true"),
        "slot moved": ("const m = document.getElementById('moved'); m.slot = m.slot === 'a' ? 'b' : 'a'",
                       "true"),
        "shadow content": ("document.getElementById('shadowclick').shadowRoot.getElementById('target')"
                           ".textContent = `Shadow ${Math.floor(Math.random() * 99)}`", "true"),
        "listener added late": ("document.getElementById('other').addEventListener('click', () => {})",
                                "true"),
        "pushState": ("history.pushState({}, '', Math.random() < 0.5 ? 'app/v2/x.html' : 'window.html')",
                      "true"),
        "base href": ("let b = document.querySelector('base'); if (!b) { b = document.createElement('base');"
                      " document.head.prepend(b); } b.href = Math.random() < 0.5 ? 'app/v3/' : './'",
                      "true"),
        "timer": ("window.__t = false; setTimeout(() => { document.getElementById('other').textContent ="
                  " 'By timer'; window.__t = true; }, 30)", "window.__t"),
        "focus by script": ("document.getElementById('fullname').focus()", "true"),
        "rule inserted": ("document.styleSheets[0].insertRule(`#other { margin-left: ${Math.floor("
                          "Math.random() * 40)}px }`, document.styleSheets[0].cssRules.length)", "true"),
        "dialog": ("let d = document.querySelector('dialog'); if (!d) { d = document.createElement('dialog');"
                   " d.innerHTML = '<button>In dialog</button>'; document.body.append(d); }"
                   " d.open ? d.close() : d.show()", "true"),
    },
    BLIND: {
        "animation fill forwards": ("document.getElementById('anim').animate([{visibility: 'hidden'}],"
                                    " {duration: 20, fill: 'forwards'})",
                                    "document.getAnimations().every((a) => a.playState === 'finished')"),
        "custom state": ("const s = document.getElementById('state').states;"
                         " s.has('open') ? s.delete('open') : s.add('open')", "true"),
        "slot assign": ("const r = document.getElementById('manual').shadowRoot.querySelector('slot');"
                        " r.assign(document.getElementById(Math.random() < 0.5 ? 'ma' : 'mb'))", "true"),
        "popover in shadow": ("document.getElementById('popper').shadowRoot.getElementById('pop')"
                              ".togglePopover()", "true"),
        "custom validity": ("const c = document.getElementById('code');"
                            " c.setCustomValidity(c.validationMessage ? '' : 'bad')", "true"),
        "define": ("customElements.get('x-late') || customElements.define('x-late',"
                   " class extends HTMLElement {})", "true"),
        "closed root": ("window.closedRoot.querySelector('button').textContent ="
                        " `Closed ${Math.floor(Math.random() * 99)}`", "true"),
        "rule edited in place": ("const r = [...document.getElementById('rules').sheet.cssRules]"
                                 ".find((x) => x.selectorText === '#cssom');"
                                 " r.style.display = r.style.display === 'none' ? 'block' : 'none'",
                                 "true"),
        "muted": ("const v = document.getElementById('vid'); v.muted = !v.muted", "true"),
        "frame text": ("document.getElementById('inner').contentDocument.getElementById('tick')"
                       ".textContent = `Inner ${Math.floor(Math.random() * 99)}`", "true"),
    },
}
READS: dict[str, dict[str, Any]] = {
    "domtext": {"format": "domtext"},
    "snapshot": {"format": "snapshot"},
    "outline": {"format": "outline"},
    "snapshot page": {"format": "snapshot", "scope": "page"},
}


def content(reply: dict[str, Any]) -> Any:
    """What a read says of the page: without ids, times, sizes and how it was read."""
    result = json.loads(json.dumps(reply["result"]))
    for key in ("timings", "snapshot_id", "trace_id", "size", "indices", "stats"):
        result.pop(key, None)
    snapshot = result.get("snapshot")
    if snapshot:
        for key in ("snapshot_id", "ts", "trace_id", "stabilization", "timings"):
            snapshot.pop(key, None)
        snapshot.get("quality", {}).pop("ax_source", None)
    return result


def answered(reply: dict[str, Any]) -> list[str]:
    """The fast paths (models/fast_paths.py names) that answered a normal read."""
    t = reply.get("timings", {})
    steps = t.get("capture_steps") or {}
    result = reply.get("result", {})
    stats = result.get("stats") or {}
    quality = (result.get("snapshot") or {}).get("quality") or {}
    stream = stats.get("ax_stream") or {}
    found = {
        "kept_answer": t.get("kept_answer") is not None,
        "ax_window_kept": bool(t.get("ax_kept_frames") or steps.get("ax_kept_frames")),
        "ax_cache": str(quality.get("ax_source") or "").startswith("cache"),
        "stream_base": bool(stream.get("delta")),
        "early_tree": "early_ms" in stream,
        "dom_base": bool(t.get("dom_snapshot_columns_reused") or t.get("dom_snapshot_strings_reused")),
        "row_memo": bool(stats.get("rows_reused")),
        "pre_encoded": result.get("format") == "snapshot",
        "walker_kept_world": bool(t.get("walker_kept_world") or steps.get("walker_kept_world")),
        "walker_id_cache": bool(t.get("walker_ids_cached") or steps.get("walker_ids_cached")),
    }
    return sorted(name for name, yes in found.items() if yes)


@dataclass
class Outcome:
    reads: int = 0
    answered: Counter[str] = field(default_factory=Counter)
    mismatches: list[dict[str, Any]] = field(default_factory=list)


def _wait(browser: Browser, condition: str) -> None:
    deadline = time.monotonic() + 20
    while not browser.driver.execute_script(f"return Boolean({condition})"):
        if time.monotonic() > deadline:
            raise AssertionError(f"never true: {condition}")
        time.sleep(0.02)


def run_seed(browser: Browser, pages_url: str, seed: int, steps: int,
             outcome: Outcome, reads: dict[str, dict[str, Any]] = READS) -> None:
    """One seed: a page, then `steps` random changes, each followed by every format's normal
    and exact reads of the same state."""
    rng = random.Random(seed)
    page = rng.choice(sorted(CHANGES))
    browser.open(pages_url + page)
    _wait(browser, "document.readyState === 'complete'")
    for options in reads.values():  # every fast path holds this state
        browser.snapshot_raw(**options)
    kinds = sorted(CHANGES[page])
    for step in range(steps):
        kind = rng.choice(kinds)
        script, done = CHANGES[page][kind]
        browser.driver.execute_script(script)
        _wait(browser, done)
        for name, options in reads.items():
            normal = browser.snapshot_raw(**options)
            exact = browser.snapshot_raw(exact=True, **options)
            outcome.reads += 1
            paths = answered(normal)
            outcome.answered.update(paths)
            if content(normal) != content(exact):
                outcome.mismatches.append({"seed": seed, "page": page, "step": step, "change": kind,
                                           "read": name, "fast_paths": paths})
