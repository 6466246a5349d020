"""A smoke run of bench/bench_miniwob.py: two MiniWoB tasks, a few episodes, through the bench's
own policy (utterance → Browser.act), scored by the task's reward. The full benchmark is
not part of the suite (bench/README.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from axsnap_host.client import Browser

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_miniwob.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("axsnap_bench_miniwob", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


# Seeded draws (MiniWoB's seedrandom), so every run sees the same pages. Click-button's word
# may stand in two letter cases and only the exact one scores: seed 24 ("yes", "Yes"), 106
# ("cancel", "Cancel", "Cancel": two exact twins and a wrong case, what CI drew once),
# 421 ("No", "No", "no").
@pytest.mark.parametrize(("task", "seeds"), [("click-button", (24, 106, 421, 1)),
                                             ("login-user", (0, 1))])
def test_the_bench_policy_solves_miniwob_tasks(bench: ModuleType, browser: Browser,
                                               miniwob_url: str, task: str,
                                               seeds: tuple[int, ...]) -> None:
    browser.open(f"{miniwob_url}{task}.html")
    # the task's own 10 s clock is the benchmark's business; a loaded test machine gets 60 s
    browser.run_in_target("core.EPISODE_MAX_TIME = 60000;")
    results = [bench.run_episode(browser, quiet_ms=500, seed=f"{task}-{n}") for n in seeds]
    for episode in results:
        assert episode.done and episode.raw_reward == 1.0, (episode.utterance, episode.steps,
                                                            episode.error)
        # the last step was done (earlier ones may be refusals the policy answered: two
        # "Submit" buttons are ambiguous until it picks one of the twins)
        assert episode.steps and "→" not in episode.steps[-1]
    if task == "login-user":  # the password was typed, and never shown
        assert all("•" in step for e in results for step in e.steps if step.startswith("fill"))


def test_the_bench_reads_utterances_into_steps(bench: ModuleType) -> None:
    assert bench.clauses('Enter the username "ab" and the password "cd" into the text fields '
                         "and press login.") == ['Enter the username "ab"',
                                                 'the password "cd" into the text fields',
                                                 "press login"]
    assert bench.clauses("Select Zv, 4e and click Submit.") == ["Select Zv, 4e", "click Submit"]
