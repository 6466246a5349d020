"""``axsnap act --do STEP``: how a step reads (no browser)."""

from __future__ import annotations

import pytest

from axsnap_host.cli.act import Step, parse_step
from axsnap_host.cli.main import build_parser
from axsnap_host.models.errors import AxsnapError


def test_steps_read_as_action_target_value() -> None:
    assert parse_step('click "Sign in"') == Step("click", "Sign in")
    assert parse_step('fill "Email" ada@example.com') == Step("fill", "Email", "ada@example.com")
    assert parse_step('click "Reply" near "Kanesha"') == Step(
        "click", {"query": "Reply", "near": "Kanesha"})
    assert parse_step('fill "Comment" in @jolie hi') == Step(
        "fill", {"query": "Comment", "inside": "@jolie"}, "hi")
    assert parse_step("click 12") == Step("click", 12)
    assert parse_step("check 0-29") == Step("check", "0-29")
    assert parse_step("press Enter") == Step("press", None, "Enter")
    assert parse_step('press "Email" "Control+A"') == Step("press", "Email", "Control+A")
    assert parse_step("scroll down") == Step("scroll", None, "down")
    assert parse_step('drag "Handle" "Drop zone"') == Step("drag", "Handle", None, "Drop zone")


def test_select_and_upload_take_several_values() -> None:
    """``select`` on a ``<select multiple>`` takes a list, as from Python, MCP and the control
    API: each word after the target is one option (one word stays one value)."""
    assert parse_step('select "Countries" Guam Nata') == Step(
        "select", "Countries", ["Guam", "Nata"])
    assert parse_step('select "Countries" "New Guinea" Nata Chad') == Step(
        "select", "Countries", ["New Guinea", "Nata", "Chad"])
    assert parse_step('select "Size" Large') == Step("select", "Size", "Large")
    assert parse_step('select "Tags" near "Filters" red blue') == Step(
        "select", {"query": "Tags", "near": "Filters"}, ["red", "blue"])
    assert parse_step("upload 7 a.txt b.txt") == Step("upload", 7, ["a.txt", "b.txt"])
    assert "Guam, Nata" in parse_step('select "Countries" Guam Nata').describe()


def test_a_typed_value_is_not_shown() -> None:
    assert "hunter2" not in parse_step('fill "Password" hunter2').describe()


@pytest.mark.parametrize("bad", ["", "explode x", 'click "unclosed', "click", "fill a b c",
                                 "drag one"])
def test_bad_steps_are_refused_before_a_browser_starts(bad: str) -> None:
    with pytest.raises(AxsnapError) as caught:
        parse_step(bad)
    assert caught.value.code == "invalid_message"


def test_the_command_line_takes_repeated_steps() -> None:
    args = build_parser().parse_args(["act", "page.html", "--do", 'click "A"', "--do",
                                      "press Enter", "--out", "o"])
    assert args.do == ['click "A"', "press Enter"] and args.format == "domtext"


def test_force_and_readiness_options_reach_every_step() -> None:
    from axsnap_host.cli.act import step_options

    args = build_parser().parse_args(["act", "page.html", "--do", 'click "A"', "--force",
                                      "--timeout-ms", "5000", "--quiet-ms", "100",
                                      "--dialog", "accept"])
    options = step_options(args)
    assert options == {"force": True, "timeout_ms": 5000, "quiet_ms": 100, "dialog": "accept"}
    from axsnap_host.client.acting import act_options

    assert act_options(dict(options)) == {"force": True, "timeout_ms": 5000,
                                          "dialog": "accept", "ready": {"quiet_ms": 100}}
    plain = build_parser().parse_args(["act", "page.html", "--do", 'click "A"'])
    assert step_options(plain) == {}


def test_no_settle_keeps_the_quiet_window_for_every_step() -> None:
    from axsnap_host.cli.act import step_options
    from axsnap_host.client.acting import act_options

    args = build_parser().parse_args(["act", "page.html", "--do", 'click "A"', "--no-settle"])
    assert act_options(step_options(args)) == {"ready": {"settle": False}}


def test_back_forward_and_reload_are_steps_of_their_own() -> None:
    from axsnap_host.cli.act import parse_step

    for action in ("back", "forward", "reload"):
        step = parse_step(action)
        assert (step.action, step.target, step.value) == (action, None, None)
    with pytest.raises(AxsnapError) as caught:
        parse_step('back "Home"')
    assert caught.value.code == "invalid_message"


def test_the_summary_says_what_changed_not_only_how_much(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: the act summary printed counts only; it now says the texts that changed, the
    messages and dialogs that appeared, and the first changed lines."""
    from axsnap_host.cli.act import report_steps

    result = {
        "ok": True, "action": "click", "readiness": {"waited_ms": 80},
        "changes": {
            "navigated": False, "url": "http://127.0.0.1/inbox.html#sel",
            "dom": {"added": [], "removed": [], "changed": [5], "moved": [],
                    "lines": ["[5]<input type=checkbox checked>Select Invoice 2291</input>"]},
            "texts": [{"was": "0 selected", "now": "1 selected"}, {"was": "", "now": "Saved"}],
            "messages": [{"kind": "status", "text": "Archived 1 message"}],
            "modals_opened": ["Labels"], "modals_closed": [], "dialogs_opened": [],
            "submitted": [{"form": "search", "prevented": True}], "same_document": 1,
        },
    }
    entry = {"result": result, "reply": {"result": {"format": "domtext", "domtext": "page\n"}}}
    assert report_steps([parse_step('click "Select Invoice 2291"')], [entry], None) == 0
    said = capsys.readouterr().err
    for line in ("changed 1, added 0, removed 0", "text: '0 selected' -> '1 selected'",
                 "text shown: 'Saved'", "status: Archived 1 message", "dialog opened: Labels",
                 "form submitted: search (the page's script took it over)",
                 "URL changed within the page: http://127.0.0.1/inbox.html#sel",
                 "[5]<input type=checkbox checked>Select Invoice 2291</input>"):
        assert line in said, (line, said)


def test_the_summary_says_which_rule_ended_the_wait(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: the step summary said "ready in N ms" whatever ended the wait; it now says
    the rule (settled, quiet window, deadline) as the JSON's readiness.ended_by does."""
    from axsnap_host.cli.act import report_steps

    result = {"ok": True, "action": "click",
              "readiness": {"ready": True, "waited_ms": 62, "ended_by": "settled",
                            "settled_by": "floor"},
              "changes": {"navigated": False, "dom": {}}}
    entry = {"result": result, "reply": {"result": {"format": "domtext", "domtext": "page\n"}}}
    assert report_steps([parse_step('click "Save"')], [entry], None) == 0
    assert ("; ready after 62 ms (ended by: the page was settled; quiet frames)"
            in capsys.readouterr().err)


def test_the_summary_says_the_target_was_scrolled_to_and_the_tabs_opened(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: "when a target is off-screen, say so in the reply": the JSON and the MCP text
    said it, the step summary did not; nor a click through a label, nor the tabs opened."""
    from axsnap_host.cli.act import report_steps

    result = {"ok": True, "action": "click", "offscreen": True, "through": "label",
              "readiness": {"waited_ms": 20}, "changes": {"navigated": False, "dom": {}},
              "opened_tabs": [{"tabId": 12, "url": "http://127.0.0.1/report.html"}]}
    entry = {"result": result, "reply": {"result": {"format": "domtext", "domtext": "page\n"}}}
    assert report_steps([parse_step('click "Report"')], [entry], None) == 0
    said = capsys.readouterr().err.splitlines()
    for line in ("   the target was out of view: scrolled into view first",
                 "   clicked through its label (the control itself is hidden or covered)",
                 "   opened tab 12 · http://127.0.0.1/report.html"):
        assert line in said, (line, said)
