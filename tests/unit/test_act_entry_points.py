"""force and the readiness options reach the act from every entry point (issue 32): the
control API's body, the CLI (test_act_cli.py), MCP (test_mcp_tools.py), the panel
(extension/test/act.test.mjs); back/forward/reload and opened_tabs in the models."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from axsnap_host.control.models import ActBody, WaitReadyBody
from axsnap_host.control.ops import Grants, control_params
from axsnap_host.models.act import ActionResult, ActMessage


def test_the_control_api_passes_force_and_readiness_to_the_act() -> None:
    body = ActBody.model_validate({"action": "click", "target": "Save", "options": {
        "force": True, "ready": {"quiet_ms": 200, "max_wait_ms": 3000, "settle": False}}})
    params, _ = control_params("act", body, Grants())
    assert params["options"]["force"] is True
    assert params["options"]["ready"] == {"quiet_ms": 200, "max_wait_ms": 3000,
                                          "max_pending_requests": 2, "settle": False}
    plain, _ = control_params("act", ActBody.model_validate({"action": "back"}), Grants())
    assert plain["action"] == "back" and "settle" not in plain["options"]["ready"], \
        "left out, settle is the act's own default (on), not wait_ready's (off)"
    with pytest.raises(ValidationError):
        ActBody.model_validate({"action": "click", "options": {"ready": {"settle": "yes"}}})
    waited, _ = control_params("wait_ready", WaitReadyBody.model_validate(
        {"options": {"settle": True}}), Grants())
    assert waited["options"]["settle"] is True


def test_history_actions_and_opened_tabs_are_in_the_models() -> None:
    for action in ("back", "forward", "reload"):
        assert ActMessage.model_validate({"type": "act", "action": action}).target is None
    result = ActionResult.model_validate({"ok": True, "action": "click", "opened_tabs": [
        {"tabId": 3, "url": "http://x/", "targetId": "T"}]})
    assert result.opened_tabs[0].tabId == 3


def test_what_an_action_set_going_is_reported_scrubbed() -> None:
    from axsnap_host.act.activity import activity_changes

    secret = "Zq81-act-SECRET-token"
    fields = activity_changes({
        "submits": [{"form": "Sign up", "method": "post",
                     "action": f"http://x/join?session_token={secret}", "prevented": True},
                    "junk"],
        "requests": {"started": 2, "finished": 1, "failed": 0, "pending": 1, "first": [
            {"method": "POST", "url": f"http://x/api?access_token={secret}", "status": 201}]},
        "same_document": 1}, frozenset())
    assert fields["submitted"][0].form == "Sign up" and fields["submitted"][0].prevented is True
    assert secret not in fields["submitted"][0].action
    assert fields["requests"].started == 2 and fields["requests"].pending == 1
    assert fields["requests"].first[0].startswith("POST http://x/api?access_token=")
    first = fields["requests"].first[0]
    assert first.endswith("→ 201") and secret not in first
    assert fields["same_document"] is True
    assert activity_changes({}, frozenset())["requests"].started == 0
