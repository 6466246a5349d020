"""The issue 32 reproduction of the false `occluded` (../shared/repro/act/repeated_controls.html,
copied byte for byte as tests/pages/elements/repeated_controls.html): an issue view whose
inner pane is scrolled 300 px, "Edit" near "Milestone" refused as covered, and in the labels
dialog over it check, uncheck and Save refused as covered by the dialog itself. Each is done
by act, through real input, and reported. The other act repro pages are tests too: toast.html
(test_act_changes_e2e.py, test_element_model_e2e.py), offscreen.html (as
act/offscreen/long_list.html: test_act_offscreen_e2e.py), switches.html
(test_element_model_e2e.py: acting on a hidden radio's label words)."""

from __future__ import annotations

from axsnap_host.client import Browser


def test_edit_near_milestone_and_the_labels_dialog_are_acted_on(browser: Browser,
                                                                pages_url: str) -> None:
    browser.open(f"{pages_url}elements/repeated_controls.html")
    assert browser.run_in_target("return document.getElementById('scroller').scrollTop") == 300
    msg = "return document.getElementById('msg').textContent"
    edit = browser.act({"query": "Edit", "near": "Milestone"}, "click")
    assert edit.ok, edit.error
    assert browser.run_in_target(msg) == "Milestone editor opened"
    assert edit.changes and ("status", "Milestone editor opened") in [
        (m.kind, m.text) for m in edit.changes.messages]
    labels = browser.act({"query": "Edit", "near": "Labels"}, "click")
    assert labels.ok, labels.error
    assert browser.run_in_target("return document.body.classList.contains('open')") is True
    review = browser.act("workflow::review", "check")
    assert review.ok, review.error
    progress = browser.act("workflow::in-progress", "uncheck")
    assert progress.ok, progress.error
    assert browser.run_in_target("return [l1.checked, l2.checked]") == [False, True]
    saved = browser.act("Save", "click")
    assert saved.ok, saved.error
    assert browser.run_in_target(msg) == "Labels saved"
    assert saved.changes and ("status", "Labels saved") in [
        (m.kind, m.text) for m in saved.changes.messages]
