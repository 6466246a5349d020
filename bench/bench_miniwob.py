"""MiniWoB++ tasks done by axsnap's resolver and executor, with a policy that has no model.

The ``miniwob`` package (a test dependency) ships the task pages; they are served from
127.0.0.1 and run in Debian Chromium with the unpacked extension and the host. For each
episode the environment starts the task (``core.startEpisodeReal()``, what the START
button does) and hands the policy the utterance (``core.getUtterance()``, the text of
``#query``); the reward is read back from ``WOB_RAW_REWARD_GLOBAL`` for scoring only.

The policy is deterministic and generic: it splits the utterance into imperative clauses
("Enter ... into ...", "Select A, B", "click Submit", "Focus into the 2nd ...") and turns
each into ``Browser.act(words, action, value)`` calls; axsnap's resolver picks the element
from its own DOM channel output, the executor acts with real input. It never looks at the
page's HTML, ids or selectors; the only things it reads are the utterance and what axsnap
returns (ActionResults, ``find`` candidates, DOM ``elements``).

    .venv/bin/python bench/bench_miniwob.py                          # every task, 20 episodes each
    .venv/bin/python bench/bench_miniwob.py --tasks click-button enter-text --episodes 5

Writes bench/results/miniwob.md (success per task).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from axsnap_host.client import Browser
from axsnap_host.client.file_server import serve_directory
from axsnap_host.models.act import ActionResult

RESULTS = Path(__file__).parent / "results"
# Single-step tasks: one action decides the episode.
SINGLE_STEP = ("click-button", "click-link", "click-tab", "click-dialog", "click-dialog-2",
               "focus-text", "focus-text-2", "click-test", "click-test-2")
MULTI_STEP = ("click-option", "click-checkboxes", "enter-text", "enter-text-2", "enter-password",
              "login-user", "choose-list", "click-collapsible", "use-autocomplete",
              "click-button-sequence", "click-checkboxes-large", "email-inbox",
              "email-inbox-noscroll", "email-inbox-delete", "email-inbox-important",
              "email-inbox-reply", "email-inbox-forward", "email-inbox-star-reply")
# Targets named by what they are near: a single click near an anchor decides the episode.
RELATIONAL = ("social-media",)
TASKS = SINGLE_STEP + MULTI_STEP + RELATIONAL
QUOTED = re.compile(r'"([^"]*)"')
OUTLINE_LINE = re.compile(r"^\s*\[(\d+-\d+)\]\s+([^:]+):\s*(.+)$")
ORDINALS = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4,
            "fourth": 4, "5th": 5, "fifth": 5}
KEYS = {"enter", "tab", "escape", "backspace", "space"}
# How an utterance names the close button of a dialog: a picture of an "x".
SYNONYMS = {"x": "close", "×": "close"}


class StepFailed(Exception):
    def __init__(self, result: ActionResult | None, what: str) -> None:
        super().__init__(what)
        self.result = result


@dataclass
class Episode:
    utterance: str
    steps: list[str] = field(default_factory=list)
    reward: float = 0.0
    raw_reward: float = 0.0
    done: bool = False
    error: str = ""
    seconds: float = 0.0


class Policy:
    """Utterance → actions through axsnap only (see the module doc)."""

    def __init__(self, browser: Browser, quiet_ms: int) -> None:
        self.browser = browser
        self.quiet_ms = quiet_ms
        self.log: list[str] = []

    # -- acting -------------------------------------------------------------------------

    def act(self, target: str | int | None, action: str, value: str | None = None) -> ActionResult:
        result = self.browser.act(target, action, value, quiet_ms=self.quiet_ms)
        shown = "•" * len(value or "") if action in ("fill", "type") else (value or "")
        self.log.append(f"{action} {target!r} {shown}".rstrip() + ("" if result.ok else
                                                                 f" → {result.error.code}"))
        return result

    def must(self, target: str | int | None, action: str, value: str | None = None) -> None:
        result = self.act(target, action, value)
        if not result.ok:
            raise StepFailed(result, f"{action} {target!r}: {result.error.message}")

    def click(self, words: str) -> None:
        """Click what ``words`` names; when that is ambiguous, say which kind of control."""
        result = self.act(words, "click")
        for kind in ("button", "link"):
            if result.ok or result.error is None or result.error.code != "ambiguous_target":
                break
            result = self.act(f"{words} {kind}", "click")
        error = result.error
        if not result.ok and error and error.code == "ambiguous_target":
            # axsnap matches words without regard to case; the utterance's quotes are exact
            # ("No" is not "no"), so the candidates that show the quoted text as written win
            quoted = QUOTED.findall(words)
            exact = [c for c in error.candidates if quoted and c.label == quoted[0]]
            twins = exact or error.candidates
            if len({(c.label, c.role) for c in twins}) == 1:
                # twins the words cannot tell apart (two "ok" buttons): any of them says it
                result = self.act(twins[0].index, "click")
        if not result.ok:
            raise StepFailed(result, f"click {words!r}: {result.error.message}")

    def near(self, words: str, anchor: str, action: str = "click",
             value: str | None = None) -> None:
        """Act on what ``words`` name in the container of the text ``anchor``
        (``'"Reply" in "@jolie"'``). Words the anchor's container does not show may sit in
        its "more" menu: open it, and try again."""
        target = f'{words} in "{anchor}"'
        result = self.scrolling(target, action, value)
        if not result.ok and result.error and result.error.code == "not_found":
            opened = self.scrolling(f'"more" in "{anchor}"', "click")
            if opened.ok:
                result = self.act(target, action, value)
        if not result.ok:
            raise StepFailed(result, f"{action} {target!r}: {result.error.message}")

    def scrolling(self, target: str, action: str, value: str | None = None) -> ActionResult:
        """Act; when the target is not listed, or only matched from afar (its row is below a
        scroll box's fold, so the only anchor is the utterance's copy), scroll the
        scrollable element axsnap reports (from its top, then down) and try again."""
        result = self.act(target, action, value)
        for move in ("top", "down", "down", "down", "down", "down"):
            error = result.error
            if result.ok or error is None or error.code not in ("not_found", "ambiguous_target"):
                break
            elements = self.browser.snapshot(format="elements").elements
            scroller = next((e["index"] for e in elements if e.get("scrollable")), None)
            if scroller is None:
                break
            self.act(scroller, "scroll", move)
            result = self.act(target, action, value)
        return result

    def nth(self, words: str, n: int) -> int:
        """The index of the n-th element (document order) that ``words`` names."""
        found = self.browser.find(words, limit=20)
        best = found.matches[0].score if found.matches else 0
        close = sorted((m for m in found.matches if best - m.score < 0.15 and m.index),
                       key=lambda m: m.index or 0)
        if len(close) < n:
            raise StepFailed(None, f"no {n}th {words!r}")
        return int(close[n - 1].index or 0)

    # -- the utterance ------------------------------------------------------------------

    def run(self, utterance: str) -> None:
        about = re.match(r"^(?:for|on)\s+(?:the\s+)?(?:user|post|item|row|email)?\s*(\S+?),\s*"
                         r"(?:click|press|tap)\s+(?:on\s+)?(?:the\s+)?\"([^\"]+)\"", utterance,
                         re.I)
        if about:  # "For the user @jolie, click on the "Retweet" button."
            self.near(f'"{about.group(2)}"', about.group(1))
            return
        email = re.match(r"^find the (?:email|message) (?:by|from) (.+?) and (.+?)\.?$", utterance,
                         re.I)
        if email:
            self.about_email(email.group(1), email.group(2))
            return
        auto = re.search(r'starts with "([^"]+)"(?: and ends with "([^"]+)")?', utterance)
        if auto:
            self.autocomplete(auto.group(1), auto.group(2) or "")
            return
        verb = ""
        for clause in clauses(utterance):
            first = clause.split(" ", 1)[0].lower()
            if first in VERBS:
                verb, rest = first, clause[len(first):].strip()
            else:
                rest = clause
            VERBS.get(verb, Policy.do_click)(self, rest, clause)

    def about_email(self, sender: str, task: str) -> None:
        """"Find the email by X and <click the star icon | reply ... | forward ...>"."""
        icon = re.match(r"click (?:on )?the (\w+) (?:icon|button)", task, re.I)
        if icon:
            self.near(f"{icon.group(1)} icon", sender)
            return
        self.near(f'"{sender}"', sender)  # open it: the row holding the sender's name
        reply = re.match(r'reply to (?:them|him|her) with the text "(.*)"', task, re.I)
        forward = re.match(r"forward (?:that|the|this) email to (.+)$", task, re.I)
        if reply:
            self.click("Reply")
            self.must("textarea", "fill", reply.group(1))
        elif forward:
            self.click("Forward")
            self.must('text field in "to:"', "fill", forward.group(1).strip())
        else:
            raise StepFailed(None, f"cannot read {task!r}")
        self.click("send")

    def do_enter(self, rest: str, clause: str) -> None:
        values = QUOTED.findall(rest)
        if not values:
            raise StepFailed(None, f"nothing to enter in {clause!r}")
        value = values[0]
        if "lower case" in clause.lower():
            value = value.lower()
        elif "upper case" in clause.lower():
            value = value.upper()
        before, _, after = QUOTED.sub("\0", rest, count=1).partition("\0")
        named = re.sub(r"^(the|a|an)\s+", "", before.strip(), flags=re.I)
        place = re.split(r"\b(?:into|in|to)\b", after, flags=re.I)[-1].strip()
        every = re.match(r"(?:both|all)\s+(?:the\s+)?(.*(?:fields|inputs|boxes))$", place, re.I)
        if every:  # "into both text fields": each of the fields the words name
            found = self.browser.find(every.group(1), limit=10)
            best = found.matches[0].score if found.matches else 0
            for match in found.matches:
                if best - match.score < 0.15:
                    self.must(match.index, "fill", value)
            return
        self.must(named or place or "text field", "fill", value)

    def do_select(self, rest: str, clause: str) -> None:
        listed = re.search(r"^(.*?)\s+from\s+(?:the\s+)?(.*)$", rest, re.I)
        if listed:
            self.must(listed.group(2), "select", listed.group(1).strip().strip('"'))
            return
        if rest.lower().startswith("nothing"):
            return
        for item in re.split(r"\s*,\s*|\s+and\s+", rest):
            item = item.strip().strip('"')
            if not item:
                continue
            result = self.act(f'"{item}"', "check")
            if not result.ok and result.error and result.error.code == "not_found":
                result = self.act(f'"{item}"', "click")
            if not result.ok:
                raise StepFailed(result, f"select {item!r}: {result.error.message}")

    def do_click(self, rest: str, clause: str) -> None:
        quoted = QUOTED.findall(rest)
        words = re.sub(r"^(on|at)\s+", "", rest.strip(), flags=re.I)
        if quoted:
            text = SYNONYMS.get(quoted[0].lower(), quoted[0])
            roles = [w for w in ("button", "link", "tab") if re.search(rf"\b{w}\b", rest, re.I)]
            words = f'"{text}" {" ".join(roles)}'.strip()
        if words.lower() in KEYS:
            self.must(None, "press", words.capitalize())
            return
        self.click(words)

    def do_close(self, rest: str, clause: str) -> None:
        quoted = QUOTED.findall(clause)
        text = SYNONYMS.get(quoted[0].lower(), quoted[0]) if quoted else "close"
        self.click(f'"{text}"')

    def do_focus(self, rest: str, clause: str) -> None:
        words = re.sub(r"^(into|on|in)\s+(the\s+)?", "", rest, flags=re.I)
        ordinal = next((n for w, n in ORDINALS.items() if re.search(rf"\b{w}\b", words, re.I)),
                       None)
        if ordinal:
            words = re.sub(rf"\b({'|'.join(ORDINALS)})\b", "", words, flags=re.I).strip()
            self.must(self.nth(words, ordinal), "focus")
            return
        self.must(words, "focus")

    def do_expand(self, rest: str, clause: str) -> None:
        self.click(rest)

    def autocomplete(self, prefix: str, suffix: str) -> None:
        """Type the prefix, then pick the suggestion axsnap's outline lists that fits (the
        suggestions are options of a menu: the outline names each), then submit."""
        self.must("text field", "type", prefix)
        outline = self.browser.snapshot(format="outline").combinedTree or ""
        fits = []
        for line in outline.splitlines():
            match = OUTLINE_LINE.match(line)
            if not match:
                continue
            name = match.group(3).strip().strip('"')
            if name.lower().startswith(prefix.lower()) and name.lower().endswith(suffix.lower()):
                fits.append(match.group(1))
        if not fits:
            raise StepFailed(None, "no suggestion fits")
        self.must(fits[0], "click")
        self.click("Submit")

VERBS = {
    "enter": Policy.do_enter, "type": Policy.do_enter, "fill": Policy.do_enter,
    "select": Policy.do_select, "choose": Policy.do_select, "pick": Policy.do_select,
    "click": Policy.do_click, "press": Policy.do_click, "tap": Policy.do_click,
    "close": Policy.do_close, "focus": Policy.do_focus, "expand": Policy.do_expand,
    "open": Policy.do_expand,
}


def clauses(utterance: str) -> list[str]:
    """Imperative clauses: split at "and", "then", commas before a verb, and full stops —
    never inside quotes."""
    quoted: list[str] = []

    def keep(match: re.Match[str]) -> str:
        quoted.append(match.group(0))
        return f"\0{len(quoted) - 1}\0"

    text = QUOTED.sub(keep, utterance)
    verbs = "|".join(VERBS)
    parts = re.split(rf"(?:,\s*)?\s+(?:and\s+then|then|and)\s+(?=(?:{verbs}|the)\b)|,\s+(?="
                     rf"(?:then\s+)?(?:{verbs})\b)|\.\s*", text, flags=re.I)
    out = []
    for part in parts:
        part = re.sub(r"^then\s+", "", (part or "").strip(), flags=re.I)
        part = re.sub(r"\0(\d+)\0", lambda m: quoted[int(m.group(1))], part).strip(" ,.")
        if part:
            out.append(part)
    return out


def run_episode(browser: Browser, quiet_ms: int, timeout_s: float = 12.0,
                seed: str | None = None) -> Episode:
    """One episode; ``seed`` fixes the task's random draw (MiniWoB ships seedrandom), so a
    test sees the same page every run."""
    if seed is not None:
        browser.run_in_target(f"Math.seedrandom({json.dumps(seed)});")
    browser.run_in_target("core.startEpisodeReal();")
    utterance = str(browser.run_in_target("return core.getUtterance();"))
    episode = Episode(utterance)
    policy = Policy(browser, quiet_ms)
    started = time.monotonic()
    try:
        policy.run(utterance)
    except StepFailed as failed:
        episode.error = str(failed)
    except Exception as exc:  # a bench keeps going; the table says what failed
        episode.error = f"{type(exc).__name__}: {exc}"
    deadline = time.monotonic() + 1.0
    while True:
        state = browser.run_in_target(
            "return [WOB_DONE_GLOBAL, WOB_REWARD_GLOBAL, WOB_RAW_REWARD_GLOBAL];")
        if state[0] or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    episode.done, episode.reward, episode.raw_reward = bool(state[0]), float(state[1]), \
        float(state[2])
    episode.seconds = time.monotonic() - started
    episode.steps = policy.log
    if not episode.done and not episode.error and episode.seconds > timeout_s:
        episode.error = "timed out"
    return episode


def run_task(browser: Browser, base: str, task: str, episodes: int, quiet_ms: int,
             verbose: bool = False) -> list[Episode]:
    browser.open(f"{base}miniwob/{task}.html")
    out = []
    for n in range(episodes):
        episode = run_episode(browser, quiet_ms)
        out.append(episode)
        if verbose or episode.raw_reward <= 0:
            mark = "ok " if episode.raw_reward > 0 else "FAIL"
            print(f"  {task} #{n + 1} {mark} {episode.utterance!r} {episode.steps} "
                  f"{episode.error}", file=sys.stderr)
    return out


def miniwob_html() -> Path:
    """The task pages of the installed ``miniwob`` package."""
    import miniwob

    return Path(miniwob.__file__).resolve().parent / "html"


def table(results: dict[str, list[Episode]]) -> str:
    lines = ["| task | kind | episodes | success | mean reward | mean s/episode |",
             "|---|---|---|---|---|---|"]
    for task, eps in results.items():
        wins = sum(1 for e in eps if e.raw_reward > 0)
        kind = "single-step" if task in SINGLE_STEP else "relational" if task in RELATIONAL \
            else "multi-step"
        mean_reward = sum(e.reward for e in eps) / len(eps)
        mean_s = sum(e.seconds for e in eps) / len(eps)
        lines.append(f"| {task} | {kind} | {len(eps)} | {100 * wins / len(eps):.0f}% "
                     f"({wins}/{len(eps)}) | {mean_reward:.2f} | {mean_s:.1f} |")
    for kind, names in (("single-step", SINGLE_STEP), ("multi-step", MULTI_STEP),
                        ("relational", RELATIONAL)):
        eps = [e for t, es in results.items() if t in names for e in es]
        if eps:
            wins = sum(1 for e in eps if e.raw_reward > 0)
            lines.append(f"| **all {kind}** | | {len(eps)} | **{100 * wins / len(eps):.1f}%** "
                         f"({wins}/{len(eps)}) | | |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", nargs="*", default=list(TASKS))
    parser.add_argument("--episodes", type=int, default=20)
    parser.add_argument("--quiet-ms", type=int, default=500, help="readiness quiet window")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--out", type=Path, default=RESULTS / "miniwob.md")
    args = parser.parse_args(argv)
    results: dict[str, list[Episode]] = {}
    with serve_directory(miniwob_html()) as base, Browser() as browser:
        for task in args.tasks:
            results[task] = run_task(browser, base, task, args.episodes, args.quiet_ms,
                                     args.verbose)
            wins = sum(1 for e in results[task] if e.raw_reward > 0)
            print(f"{task}: {wins}/{len(results[task])}", file=sys.stderr)
    text = table(results)
    print(text)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        command = "nice .venv/bin/python bench/bench_miniwob.py " + " ".join(sys.argv[1:])
        args.out.write_text(f"# MiniWoB++ with axsnap's resolver and executor\n\n"
                            f"`{command.strip()}`\n\n{text}", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
