"""Which records a read named by the walker's ids keys by a stand-in (``node_ids="walker"``,
design notes 154, 159): the walker says so in its output. Its run's ``listed`` (models/
walker_wire.py ``LISTED_FIELD``, in contract.js ``WALKER_WIRE.LISTED``) holds the indices of
the records its rule lists (extension/lib/walker/src/listable.js); the host keys exactly
those, and keeps no copy of the rule. A ``listed`` that is not ascending indices of the run's
records is refused at intake.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest
from pydantic import ValidationError
from test_outline_walk import walk_capture
from walker_listed import run_node

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.walker_wire import LISTED_FIELD, wire_contract
from axsnap_host.pipeline.dom.walker_merge import join
from axsnap_host.pipeline.elements import walker_ids
from axsnap_host.pipeline.elements.walker_ids import WALKER_NAMED, walk_node_key

# each key the rule reads, absent or with the values the walker writes there
FIELDS: dict[str, list[Any]] = {
    "c": [[], ["click"], ["form", "tab"]],
    "ic": ["i", "svg"],
    "p": [-1, 0, 7],
    "s": ["html", "div", "iframe"],
    "fr": [0, 2],
    "xo": [1, 0],
}


def records() -> list[dict[str, Any]]:
    """Every combination of the fields, each absent or holding one of its values."""
    choices = [[None, *values] for values in FIELDS.values()]
    return [{key: value for key, value in zip(FIELDS, combo, strict=True) if value is not None}
            for combo in itertools.product(*choices)]


def walker_output(recs: list[dict[str, Any]], **opts: Any) -> dict[str, Any]:
    """The output of the walker's run end (src/records.js finishTracking) over ``recs`` with
    ``opts``, and what its rule answers for each record (``rule``)."""
    script = (
        "import { run } from './extension/lib/walker/src/run.js';"
        "import { finishTracking, trackState } from './extension/lib/walker/src/records.js';"
        "import { listable } from './extension/lib/walker/src/listable.js';"
        "let s = ''; process.stdin.on('data', (d) => { s += d; });"
        "process.stdin.on('end', () => { const { recs, opts } = JSON.parse(s);"
        "run.opts = opts; run.track = trackState(); run.out = recs;"
        "run.outEls = recs.map(() => ({})); run.hiddenEls = null;"
        "const result = {}; finishTracking(result, null);"
        "process.stdout.write(JSON.stringify({ result, rule: recs.map((r) => listable(r)) })); });")
    out: dict[str, Any] = run_node(script, {"recs": recs, "opts": opts})
    return out


def test_the_walker_sends_the_records_its_rule_lists() -> None:
    recs = records()
    out = walker_output(recs, track=True, hold=True, listable=True, sendListed=True)
    rule = out["rule"]
    assert any(rule) and not all(rule)  # both answers occur, so the comparison says something
    assert wire_contract()["LISTED"] == LISTED_FIELD
    assert out["result"][LISTED_FIELD] == [i for i, listed in enumerate(rule) if listed]
    # a read not named by the walker's ids sends none (its ids are taken: no stand-in)
    plain = walker_output(recs, track=True, hold=True, listable=True)
    assert LISTED_FIELD not in plain["result"]


def named_capture(listed: list[int]) -> dict[str, Any]:
    """The outline fixture's walk as a read named by the walker's ids sends it: no ``b``
    but on the document's root, and ``listed`` as given."""
    out = copy.deepcopy(walk_capture())
    for rec in out["walker"]["elements"]:
        if rec.get("p", -1) != -1:
            rec.pop("b", None)
    out["walker"][LISTED_FIELD] = listed
    return out


def stand_ins(data: dict[str, Any]) -> list[int]:
    capture = RawCapture.model_validate(data)
    capture.derived[WALKER_NAMED] = True
    return [j.rid for j in join(capture) if j.backend_node_id is not None
            and j.backend_node_id < 0]


def test_the_host_keys_exactly_the_records_the_walker_listed() -> None:
    recs = walk_capture()["walker"]["elements"]
    tracked = [i for i, rec in enumerate(recs) if rec.get("p", -1) != -1 and rec.get("w")]
    assert len(tracked) >= 4
    # whatever the records hold: a record listed is keyed, one not listed is not
    for listed in (tracked, tracked[::2], tracked[1::2], []):
        assert stand_ins(named_capture(listed)) == listed
    capture = RawCapture.model_validate(named_capture(tracked[:1]))
    capture.derived[WALKER_NAMED] = True
    keyed = join(capture)[tracked[0]]
    assert keyed.backend_node_id == walk_node_key(recs[tracked[0]]["w"])
    assert not hasattr(walker_ids, "listable")  # the rule's Python copy is gone


@pytest.mark.parametrize("listed", [[2, 1], [0, 0], [-1], [10_000], ["1"], [True], {"0": 1}])
def test_a_listed_that_is_not_ascending_record_indices_is_refused(listed: Any) -> None:
    with pytest.raises(ValidationError, match=LISTED_FIELD):
        RawCapture.model_validate(named_capture(listed))
