"""MiniWoB++ by words against by ids: the product's resolver reading only the task's words.

Issue 32's measure. One deterministic policy turns each task's utterance into steps
``(action, words, value)`` whose words are the task's own ("the text field", ``"Tab #2"``,
``ONE`` button, ``trash`` icon in ``"Ilka"``). Each seeded episode (``Math.seedrandom``
before ``core.startEpisodeReal()``: the same problem twice) is played twice:

- **words**: ``Browser.act(words, action, value)`` — axsnap's resolver picks the element;
- **ids**: the bench's oracle finds the element the same words name in the page's DOM
  (exact text, then the field kind, the n-th, the row of the anchor), and the act targets it
  by element id (``0-<backendNodeId>``) — the same executor, no resolver.

The difference between the two success rates is what the resolver loses on plain words.
Task pages come from the ``miniwob`` package, served from 127.0.0.1 to Debian Chromium with
the unpacked extension and the host (``axsnap_host.client.Browser``).

    nice .venv/bin/python bench/bench_miniwob_words.py                  # 24 tasks x 10 episodes
    nice .venv/bin/python bench/bench_miniwob_words.py --tasks click-tab --episodes 3 --verbose

Writes bench/results/miniwob_words.md.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from axsnap_host.client import Browser
from axsnap_host.client.file_server import serve_directory
from axsnap_host.models.act import ActionResult

RESULTS = Path(__file__).parent / "results"
TASKS = ("click-button", "click-link", "click-tab", "click-tab-2", "click-dialog",
         "click-dialog-2", "focus-text", "focus-text-2", "click-test", "click-test-2",
         "click-option", "click-checkboxes", "enter-text", "enter-text-2", "enter-password",
         "login-user", "choose-list", "click-collapsible", "click-button-sequence",
         "click-checkboxes-large", "click-scroll-list", "email-inbox-reply",
         "email-inbox-forward", "email-inbox-delete")
QUOTED = re.compile(r'"([^"]*)"')
ORDINALS = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4,
            "fourth": 4, "5th": 5, "fifth": 5}
SYNONYMS = {"x": "close", "×": "close"}  # an utterance's picture of a close button

# The ids oracle: the element the words name in the page's DOM, by exact text first. It
# reads the page (the bench may; the policy's words run may not).
ORACLE = r"""
const spec = arguments[0];
const norm = s => (s || '').replace(/\s+/g, ' ').trim().toLowerCase();
const words = norm(spec.words);
const area = document.body;  // dialogs hang from <body>; the utterance is no target
const query = document.querySelector('#query');
const shown = e => { const s = getComputedStyle(e); const r = e.getBoundingClientRect();
  return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0; };
const own = e => {
  if (e.tagName === 'INPUT' && /^(button|submit|reset)$/i.test(e.type)) return norm(e.value);
  return norm(e.innerText);
};
const single = e => e.tagName === 'INPUT' && /^(text|password|email|search|tel|url|number|)$/i
  .test(e.getAttribute('type') || '');
const multi = e => e.tagName === 'TEXTAREA';
const ROLE = {button: e => e.tagName === 'BUTTON' || /button/.test(e.getAttribute('role') || '')
                || (e.tagName === 'INPUT' && /^(button|submit|reset)$/i.test(e.type)),
              link: e => e.tagName === 'A', tab: e => e.getAttribute('role') === 'tab',
              single, multi, field: e => single(e) || multi(e)};
let scope = [...area.querySelectorAll('*')].filter(e => shown(e) && !(query && query.contains(e)));
if (spec.near) {
  const anchor = scope.find(e => own(e) === norm(spec.near) && !e.children.length)
    || scope.find(e => own(e) === norm(spec.near));
  if (!anchor) return null;
  let box = anchor.parentElement;
  const fits = e => (e.className && String(e.className).split(/\s+/).includes(words));
  while (box && box !== area && ![...box.querySelectorAll('*')].some(fits)) box = box.parentElement;
  if (!box) return null;
  scope = [...box.querySelectorAll('*')].filter(e => shown(e) && fits(e));
}
let found = [];
if (spec.near) found = scope;
else if (spec.action === 'select') found = scope.filter(e => e.tagName === 'SELECT');
else if (spec.role && !words) found = scope.filter(ROLE[spec.role]);
else if (ROLE[spec.role] && ['single', 'multi', 'field'].includes(spec.role)) {
  const labelled = e => { const l = e.id && document.querySelector(`label[for="${e.id}"]`);
    return norm(l && l.innerText).includes(words) || norm(e.id).includes(words)
      || norm(e.name).includes(words) || norm(e.placeholder).includes(words); };
  found = scope.filter(e => ROLE[spec.role](e) && labelled(e));
}
else {
  const says = e => own(e) === words || norm(e.getAttribute('aria-label')) === words
    || norm(e.getAttribute('title')) === words || norm(e.getAttribute('placeholder')) === words;
  found = scope.filter(says);
  if (!found.length) {  // an icon: its id or class says the word
    const tokens = e => (e.id + ' ' + e.className).toLowerCase().split(/[^a-z0-9]+/);
    found = scope.filter(e => !own(e) && tokens(e).includes(words));
  }
  if (!found.length) {  // a field named by its label or its id
    const labelled = e => { const l = e.id && document.querySelector(`label[for="${e.id}"]`);
      return norm(l && l.innerText).includes(words) || norm(e.id).includes(words)
        || norm(e.name).includes(words); };
    found = scope.filter(e => ROLE.field(e) && labelled(e));
  }
  found = found.filter(e => !found.some(o => o !== e && e.contains(o)));  // the innermost
  if (spec.role && found.some(ROLE[spec.role])) found = found.filter(ROLE[spec.role]);
}
let el = found[(spec.nth || 1) - 1] || null;
if (el && /^(check|fill|type|select)$/.test(spec.action)) {
  const want = spec.action === 'check' ? 'input[type=checkbox],input[type=radio]'
    : spec.action === 'select' ? 'select' : 'input,textarea';
  if (!el.matches(want)) {
    const lab = el.closest('label');
    el = el.querySelector(want) || (lab && (lab.control || lab.querySelector(want))) || el;
  }
}
return el;
"""


@dataclass(frozen=True)
class Step:
    action: str
    words: str = ""  # the task's words for the target ('"Tab #2"', "text field", ...)
    value: str | list[str] | None = None
    role: str = ""  # what kind of control the words say, for the oracle
    nth: int = 0  # the n-th of what the words name (document order)
    near: str = ""  # the anchor text of a relational target
    optional: bool = False  # a step that may find nothing (the tab to try next)


class StepFailed(Exception):
    pass


@dataclass
class Run:
    ok: bool = False
    error: str = ""
    seconds: float = 0.0
    log: list[str] = field(default_factory=list)


# -- the utterance → steps -------------------------------------------------------------


def plan(task: str, utterance: str) -> list[Step] | list[list[Step]]:
    """The steps the utterance asks for, in its own words. A list of step lists means
    alternatives tried in turn until one ends the episode (the tabs of click-tab-2)."""
    text = utterance.strip()
    quoted = QUOTED.findall(text)
    lower = text.lower()
    email = re.match(r"^find the email by (.+?) and (.+?)\.?$", text, re.I)
    if email:
        sender, rest = email.group(1), email.group(2)
        if "trash" in rest or "delete" in rest:
            return [Step("click", "trash", near=sender)]
        opened = Step("click", f'"{sender}"')
        if rest.lower().startswith("reply"):
            return [opened, Step("click", '"Reply"'),
                    Step("fill", "textarea", quoted[-1], role="multi"), Step("click", "send")]
        target = re.search(r"forward (?:that|the|this) email to (.+)$", rest, re.I)
        if target:
            return [opened, Step("click", '"Forward"'),
                    Step("fill", "text field", target.group(1).strip(), role="single"),
                    Step("click", "send")]
        raise StepFailed(f"cannot read {rest!r}")
    if task == "click-tab-2":
        link = Step("click", f'"{quoted[0]}" link', role="link")
        return [[Step("click", f"Tab #{n}", role="tab"), link] for n in (1, 2, 3)]
    if lower.startswith("click on tab #"):
        return [Step("click", text[len("click on "):].rstrip("."), role="tab")]
    if "dialog" in lower:
        words = SYNONYMS.get(quoted[0].lower(), quoted[0]) if quoted else "close"
        return [Step("click", f'"{words}"', role="button")]
    if lower.startswith("focus"):
        ordinal = next((n for w, n in ORDINALS.items() if re.search(rf"\b{w}\b", lower)), 0)
        return [Step("focus", "text field", role="single", nth=ordinal)]
    if lower.startswith("click the button"):
        return [Step("click", "button", role="button")]
    if lower.startswith("expand"):
        return [Step("click", "section"), Step("click", "submit", role="button")]
    steps: list[Step] = []
    submit = re.search(r"(?:click|press) (?:on )?(submit|login|search)\b", lower)
    if task == "enter-password":
        steps = [Step("fill", "text field", quoted[0], role="single", nth=n) for n in (1, 2)]
    elif task == "login-user":
        steps = [Step("fill", "username", quoted[0], role="single"),
                 Step("fill", "password", quoted[1], role="single")]
    elif lower.startswith(("enter", "type")):
        value = quoted[0].upper() if "upper case" in lower else \
            quoted[0].lower() if "lower case" in lower else quoted[0]
        steps = [Step("fill", "text field", value, role="single")]
    elif task in ("choose-list", "click-scroll-list"):
        items = [i.strip() for i in re.split(r",\s*|\s+and\s+",
                                             re.sub(r"^select (.*?) from .*$", r"\1", text,
                                                    flags=re.I)) if i.strip()]
        words = "list" if task == "choose-list" else "scroll list"
        steps = [Step("select", words, items if len(items) > 1 else items[0])]
    elif lower.startswith("select"):
        body = re.sub(r"^select (.*?) and click submit\.?$", r"\1", text, flags=re.I)
        if body.lower() != "nothing":
            steps = [Step("check", f'"{i.strip()}"') for i in re.split(r",\s*", body)
                     if i.strip()]
    elif task == "click-button-sequence":
        return [Step("click", f"{w} button", role="button") for w in
                re.findall(r"button (\w+)", text)]
    elif lower.startswith("click"):
        role = next((w for w in ("button", "link") if re.search(rf"\b{w}\b", lower)), "")
        name = quoted[0] if quoted else re.sub(r"^click (?:on )?(?:the )?(?:button|link) ", "",
                                               text, flags=re.I).rstrip(".")
        return [Step("click", f'"{name}" {role}'.strip(), role=role)]
    if submit:
        steps.append(Step("click", submit.group(1), role="button"))
    if not steps:
        raise StepFailed(f"cannot read {utterance!r}")
    return steps


# -- acting, by words or by ids --------------------------------------------------------


class Player:
    def __init__(self, browser: Browser, mode: str, quiet_ms: int) -> None:
        self.browser, self.mode, self.quiet_ms = browser, mode, quiet_ms
        self.log: list[str] = []

    def target(self, step: Step) -> str | int | None:
        if self.mode == "ids":
            return self.oracle(step)
        if step.nth:
            found = self.browser.find(step.words, limit=20)
            best = found.matches[0].score if found.matches else 0
            close = sorted((m for m in found.matches if best - m.score < 0.15 and m.index),
                           key=lambda m: m.index or 0)
            if len(close) < step.nth:
                return None
            return int(close[step.nth - 1].index or 0)
        if step.near:
            return f'{step.words} in "{step.near}"'
        return step.words

    def oracle(self, step: Step) -> str | None:
        words = QUOTED.findall(step.words)
        bare = words[0] if words else re.sub(rf"\s*\b{step.role}\b\s*", " ", step.words).strip()
        if step.role in ("single", "multi", "field") or step.words in ("button", "section"):
            bare = "" if step.words in ("text field", "textarea", "button") else bare
        spec = {"words": bare, "role": step.role, "nth": step.nth, "near": step.near,
                "action": step.action}
        if step.words == "section":
            spec = {**spec, "words": "", "role": "tab"}
        return self.element_id(spec)

    def element_id(self, spec: dict[str, Any]) -> str | None:
        """The oracle's element as an element id: its backendNodeId through CDP."""
        expression = (f"(function(){{{ORACLE}}}).call(null, {_js(spec)})")
        evaluated = self.browser.cdp_in_target("Runtime.evaluate", {"expression": expression})
        object_id = (evaluated.get("result") or {}).get("objectId")
        if not object_id:
            return None
        node = self.browser.cdp_in_target("DOM.describeNode", {"objectId": object_id})
        return f"0-{node['node']['backendNodeId']}"

    def act(self, step: Step) -> ActionResult | None:
        # both modes start each step on a settled page (an accordion still opening made
        # the ids run's click 'occluded': a race of the executor, not of the resolver)
        self.browser.wait_ready(quiet_ms=self.quiet_ms)
        target = self.target(step)
        if target is None:
            self.log.append(f"{step.action} {step.words!r} → no target")
            return None
        result = self.browser.act(target, step.action, step.value, quiet_ms=self.quiet_ms)
        self.log.append(f"{step.action} {target!r}" + ("" if result.ok else
                                                       f" → {result.error.code}: "
                                                       f"{result.error.message[:120]}"))
        return result

    def play(self, steps: list[Step] | list[list[Step]]) -> None:
        if steps and isinstance(steps[0], list):
            for alternative in steps:
                assert isinstance(alternative, list)
                tab, link = alternative
                self.must(tab)
                result = self.act(link)
                if result is not None and result.ok:
                    return
            raise StepFailed("no tab shows the link")
        for step in steps:
            assert isinstance(step, Step)
            self.must(step)

    def must(self, step: Step) -> None:
        result = self.act(step)
        if result is None or not result.ok:
            why = "no target" if result is None else f"{result.error.code}"
            raise StepFailed(f"{step.action} {step.words!r}: {why}")


def _js(value: Any) -> str:
    import json

    return json.dumps(value)


def play_episode(browser: Browser, task: str, seed: int, mode: str, quiet_ms: int) -> Run:
    browser.run_in_target(f"Math.seedrandom({_js(f'{task}-{seed}')}); core.startEpisodeReal();")
    utterance = str(browser.run_in_target("return core.getUtterance();"))
    run = Run()
    player = Player(browser, mode, quiet_ms)
    started = time.monotonic()
    try:
        player.play(plan(task, utterance))
    except StepFailed as failed:
        run.error = str(failed)
    except Exception as exc:  # a bench keeps going; the table says what failed
        run.error = f"{type(exc).__name__}: {exc}"[:300]
    deadline = time.monotonic() + 2.0
    while True:
        state = browser.run_in_target("return [WOB_DONE_GLOBAL, WOB_RAW_REWARD_GLOBAL];")
        if state[0] or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    run.ok = bool(state[0]) and float(state[1]) > 0
    run.seconds = time.monotonic() - started
    run.log = [utterance, *player.log]
    return run


def miniwob_html() -> Path:
    import miniwob

    return Path(miniwob.__file__).resolve().parent / "html"


def table(results: dict[str, dict[str, list[Run]]]) -> str:
    lines = ["| task | episodes | by words | by ids | words − ids |", "|---|---|---|---|---|"]
    totals = {"words": [0, 0], "ids": [0, 0]}
    for task, modes in results.items():
        cells = []
        for mode in ("words", "ids"):
            runs = modes[mode]
            wins = sum(r.ok for r in runs)
            totals[mode][0] += wins
            totals[mode][1] += len(runs)
            cells.append((wins, len(runs)))
        (w, n), (i, _) = cells
        lines.append(f"| {task} | {n} | {w}/{n} | {i}/{n} | {w - i:+d} |")
    (w, n), (i, m) = totals["words"], totals["ids"]
    if n and m:
        lines.append(f"| **all** | {n} | **{100 * w / n:.1f}%** ({w}/{n}) | "
                     f"**{100 * i / m:.1f}%** ({i}/{m}) | {100 * (w / n - i / m):+.1f} points |")
    return "\n".join(lines) + "\n"


def failures(results: dict[str, dict[str, list[Run]]]) -> str:
    out = []
    for task, modes in results.items():
        for mode, runs in modes.items():
            for n, run in enumerate(runs):
                if not run.ok:
                    out.append(f"- {task} #{n} {mode}: {run.error or 'no reward'} — "
                               f"{' | '.join(run.log)}"[:400])
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", nargs="*", default=list(TASKS))
    parser.add_argument("--episodes", type=int, default=10)
    parser.add_argument("--quiet-ms", type=int, default=200, help="readiness quiet window")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--out", type=Path, default=RESULTS / "miniwob_words.md")
    args = parser.parse_args(argv)
    results: dict[str, dict[str, list[Run]]] = {}
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    with serve_directory(miniwob_html()) as base, Browser() as browser:
        for task in args.tasks:
            browser.open(f"{base}miniwob/{task}.html")
            results[task] = {"words": [], "ids": []}
            for seed in range(args.episodes):
                for mode in ("words", "ids"):
                    run = play_episode(browser, task, seed, mode, args.quiet_ms)
                    results[task][mode].append(run)
                    if args.verbose or not run.ok:
                        print(f"  {task} #{seed} {mode} {'ok ' if run.ok else 'FAIL'} "
                              f"{run.log} {run.error}", file=sys.stderr)
            print(f"{task}: words {sum(r.ok for r in results[task]['words'])} ids "
                  f"{sum(r.ok for r in results[task]['ids'])}", file=sys.stderr)
    text = table(results)
    print(text)
    if args.out:
        command = "nice .venv/bin/python bench/bench_miniwob_words.py " + " ".join(sys.argv[1:])
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(f"# MiniWoB++ by words against by ids\n\n`{command.strip()}`, "
                            f"started {started}.\n\n{text}\n## Failed episodes\n\n"
                            f"{failures(results)}", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
