"""A clickable <label> wrapping a listed control folds into the control's line."""

from __future__ import annotations

from axsnap_host.pipeline.dom.elements import fold_labels
from axsnap_host.pipeline.dom.walker_merge import Joined
from axsnap_host.render.domtext import element_line


def _joined(rid: int, tag: str, parent: int, text: str = "") -> Joined:
    return Joined(rid=rid, rec={"p": parent, "tx": text}, tag=tag, xpath=f"/x[{rid}]",
                  frame=0)


def test_label_wrapping_a_listed_input_is_folded_into_it() -> None:
    joined = [_joined(0, "form", -1), _joined(1, "label", 0, "Email "), _joined(2, "input", 1),
              _joined(3, "label", 0, "Standalone")]
    chosen = [(joined[1], ["clickable"]), (joined[2], ["form-control"]),
              (joined[3], ["clickable"])]
    kept, labels = fold_labels(chosen, joined)
    assert [j.rid for j, _ in kept] == [2, 3]  # a label with no listed control stays
    assert labels == {2: "Email"}


def test_label_with_a_strong_reason_is_kept() -> None:
    joined = [_joined(0, "label", -1, "Pick"), _joined(1, "input", 0)]
    chosen = [(joined[0], ["onclick"]), (joined[1], ["form-control"])]
    kept, labels = fold_labels(chosen, joined)
    assert [j.rid for j, _ in kept] == [0, 1]
    assert labels == {}


def test_domtext_line_shows_the_label() -> None:
    record = {"index": 6, "tagName": "input", "attributes": {"type": "email"},
              "label": "Email", "center": {"x": 1, "y": 2}, "text": ""}
    assert element_line(record) == '[6] <input> type="email" label="Email" @(1,2)'
