"""Issue 26's differential test with fixed seeds: random changes of every kind the issue names
(tests/pages/stale/changes.js) on pages the journals can and cannot see into, and after each
one every format's normal read equals the exact read (every fast path off) of the same state.
The same run with random seeds for minutes: bench/bench_differential.py."""

from __future__ import annotations

import pytest
from differential import READS, Outcome, run_seed

from axsnap_host.client import Browser

# the seed picks the page: custom.html?internals, custom.html, window.html?plain, index.html,
# window.html (differential.PAGES, sorted)
SEEDS = [1, 2, 5, 7, 9]
STEPS = 6


@pytest.mark.parametrize("seed", SEEDS)
def test_every_normal_read_equals_the_exact_read(browser: Browser, pages_url: str,
                                                 seed: int) -> None:
    outcome = Outcome()
    run_seed(browser, pages_url, seed, STEPS, outcome)
    assert outcome.mismatches == []
    assert outcome.reads == STEPS * len(READS) * 2
