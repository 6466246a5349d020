"""The join's flat-tree keys as numbers (pipeline/dom/xpath.py FlatKeys): two chains of steps get
the same key exactly when their spelled-out keys (``/`` + each step) are the same string,
whatever the steps hold; the walker's side finds only what DOMSnapshot's side added."""

from __future__ import annotations

import random

from axsnap_host.pipeline.dom.xpath import NO_KEY, ROOT, FlatKeys

STEPS = ["html", "body", "div", "div[2]", "a/b", "a", "b", "", "/", "x//y", "slot[1]"]


def spelled(chain: list[str]) -> str:
    return "".join(f"/{step}" for step in chain)


def key_of(table: FlatKeys, chain: list[str], *, add: bool) -> int:
    key = ROOT
    for step in chain:
        key = table.add(key, step) if add else table.find(key, step)
    return key


def test_equal_keys_exactly_for_equal_spelled_out_keys() -> None:
    rng = random.Random(7)
    chains = [[rng.choice(STEPS) for _ in range(rng.randint(0, 5))] for _ in range(3000)]
    table = FlatKeys()
    by_key: dict[int, str] = {}
    for chain in chains:
        key = key_of(table, chain, add=True)
        assert by_key.setdefault(key, spelled(chain)) == spelled(chain)
    assert len(by_key) == len({spelled(chain) for chain in chains})
    # the walker's side: a chain DOMSnapshot's side added is found under its key; any other
    # never under an added chain's key (at most under a step inside one, ``a`` of ``a/b``)
    added = {spelled(chain): key_of(table, chain, add=True) for chain in chains}
    size = len(table)
    for _ in range(3000):
        chain = [rng.choice(STEPS) for _ in range(rng.randint(1, 6))]
        found = key_of(table, chain, add=False)
        if spelled(chain) in added:
            assert found == added[spelled(chain)]
        else:
            assert found not in added.values()
            assert found == NO_KEY or any(k.startswith(spelled(chain) + "/") for k in added)
    assert len(table) == size  # looking up adds nothing


def test_a_step_holding_a_slash_is_the_steps_it_spells() -> None:
    table = FlatKeys()
    body = table.add(table.add(ROOT, "html"), "body")
    assert table.add(ROOT, "html/body") == body
    assert table.find(ROOT, "html/body") == body
    assert table.find(body, "") == NO_KEY and table.find(NO_KEY, "html") == NO_KEY
    assert table.add(body, "") != body and table.find(body, "") != NO_KEY
