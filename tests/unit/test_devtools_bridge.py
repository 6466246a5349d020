"""The DevTools bridge's call shape and its errors, without a browser (the e2e tests in
tests/e2e/test_bridge_transport_e2e.py run it against Chromium)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from axsnap_host.browser.devtools_bridge import (
    NOT_SENT,
    BridgeLost,
    BridgeScriptError,
    BridgeTimeout,
    answer_text,
    bridge_expression,
    devtools_call,
    devtools_port,
)
from axsnap_host.models.errors import AxsnapError, ErrorCode


class FakeBridge:
    """Answers every call with ``answer`` or raises ``error``."""

    def __init__(self, answer: str = "", error: Exception | None = None) -> None:
        self.answer, self.error = answer, error

    def call(self, name: str, args: Sequence[Any], timeout_s: float) -> str:
        if self.error is not None:
            raise self.error
        return self.answer


def test_the_expression_spreads_json_arguments() -> None:
    message = {"type": "snapshot", "options": {"format": "domtext"}, "note": "a\u2028\"b</script>"}
    expression = bridge_expression("send", [message])
    assert expression.startswith('axsnapBridge["send"](...[')
    assert json.loads(expression[len('axsnapBridge["send"](...'):-1]) == [message]
    assert bridge_expression("targets", []) == 'axsnapBridge["targets"](...[])'


def test_answers_and_thrown_scripts() -> None:
    assert answer_text({"id": 1, "result": {"result": {"type": "string", "value": "{}"}}}) == "{}"
    thrown = {"id": 1, "result": {"result": {"type": "object"}, "exceptionDetails": {
        "text": "Uncaught", "exception": {"description": "ReferenceError: axsnapBridge"}}}}
    with pytest.raises(BridgeScriptError, match="ReferenceError"):
        answer_text(thrown)
    with pytest.raises(BridgeScriptError, match="not found"):
        answer_text({"id": 1, "error": {"code": -32000, "message": "Target not found"}})


def test_debugger_address_port() -> None:
    assert devtools_port("localhost:39283") == 39283


def test_errors_are_the_clients_structured_ones() -> None:
    assert devtools_call(FakeBridge('{"ok": true}'), "send", [{}], 5) == {"ok": True}
    with pytest.raises(AxsnapError) as timeout:
        devtools_call(FakeBridge(error=BridgeTimeout()), "send", [{}], 5)
    assert timeout.value.code == ErrorCode.TIMEOUT and "5 s" in timeout.value.message
    with pytest.raises(AxsnapError) as died:
        devtools_call(FakeBridge(error=BridgeLost("closed", sent=True)), "send", [{}], 5)
    assert died.value.code == ErrorCode.BROWSER_DIED and died.value.hint
    with pytest.raises(AxsnapError) as failed:
        devtools_call(FakeBridge(error=BridgeScriptError("boom")), "send", [{}], 5)
    assert failed.value.code == ErrorCode.INTERNAL
    # a request that never left may go another way (WebDriver): never one that did
    lost = devtools_call(FakeBridge(error=BridgeLost("refused", sent=False)), "send", [{}], 5)
    assert lost is NOT_SENT
