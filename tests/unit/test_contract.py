"""One option contract for JavaScript and Python: extension/lib/generated/contract.js is
generated from the host's models and must be current; the extension's check
(extension/lib/router/options_check.js, run here by node) and the host's model accept and refuse the
same options; options are strictly typed (``redact: "false"`` is refused, never read as a
truth value), and a reply whose request turned redaction off says so."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from axsnap_host.models.options import OPTION_RULES, SnapshotOptions, StabilizeOptions
from axsnap_host.native import contract
from axsnap_host.native.host import Host

ROOT = Path(__file__).resolve().parents[2]
NOT_BOOLEANS = ["false", 0, "0", "off", "no", 0.0, 1, "true", None, [], {}]

# Runs the extension's optionProblems on each options object of a JSON file.
EXTENSION_CHECK = """
import { readFileSync } from 'node:fs';
import { optionProblems } from %s;
const cases = JSON.parse(readFileSync(process.argv[1], 'utf8'));
process.stdout.write(JSON.stringify(cases.map((options) => optionProblems(options))));
"""


def test_the_generated_javascript_contract_is_current() -> None:
    assert contract.CONTRACT_JS.read_text("utf-8") == contract.render(), (
        "extension/lib/generated/contract.js is stale: run "
        "`.venv/bin/python -m axsnap_host.native.contract --write`")
    assert contract.WALKER_CONTRACT_JS.read_text("utf-8") == contract.render_walker(), (
        "extension/lib/walker/src/generated_contract.js is stale: run "
        "`.venv/bin/python -m axsnap_host.native.contract --write`")
    assert contract.main(["--check"]) == 0


def test_the_contract_names_every_option_with_its_default() -> None:
    rules = contract.contract()["OPTIONS"]
    assert set(rules) == set(SnapshotOptions.model_fields)
    assert set(rules["stabilize"]["fields"]) == set(StabilizeOptions.model_fields)
    for name, field in SnapshotOptions.model_fields.items():
        if name != "stabilize":
            assert rules[name]["default"] == field.default, name
    assert rules["redact"] == {"kind": "boolean", "nullable": False, "default": True}
    assert rules["max_tokens"]["min"] == 100 and rules["max_tokens"]["nullable"] is True


@pytest.mark.parametrize("value", NOT_BOOLEANS, ids=repr)
def test_a_non_boolean_redact_is_refused_by_the_model(value: Any) -> None:
    with pytest.raises(ValidationError, match="redact"):
        SnapshotOptions.model_validate({"redact": value})


@pytest.mark.parametrize("value", ["false", 0, "off"], ids=repr)
def test_the_host_answers_a_non_boolean_redact_with_invalid_message(
    value: Any, login_capture: dict[str, Any]) -> None:
    host = Host()
    request = {"v": 1, "id": "r", "type": "snapshot", "options": {"redact": value},
               "capture": login_capture}
    [reply] = host.handle_text(json.dumps(request))
    assert reply["ok"] is False and reply["error"]["code"] == "invalid_message"
    assert "redact" in reply["error"]["message"]
    [reply] = host.handle_text(json.dumps(request | {"options": {}}))  # it keeps serving
    assert reply["ok"] is True and reply["result"]["redacted"] is True


def option_cases() -> list[dict[str, Any]]:
    """For every option: its default, its bounds and one past them, and wrong types."""
    wrong = ["false", "1", 0, 1, 1.5, -1, None, True, [], {}, "", "x" * 2001]
    cases: list[dict[str, Any]] = [{}]
    rules = contract.contract()["OPTIONS"]
    for name, rule in rules.items():
        fmt = {"format": "outline"} if name in contract.ONLY_FOR and "outline" in \
            contract.ONLY_FOR[name] else {"format": "som"} if name in contract.ONLY_FOR else {}
        if rule["kind"] == "object":
            for field, inner in rule["fields"].items():
                for value in [*wrong, inner["default"], inner.get("min"), inner.get("max"),
                              (inner.get("max") or 0) + 1]:
                    cases.append({"stabilize": {field: value}})
            cases.append({"stabilize": {"nope": 1}})
            continue
        values = [*wrong, rule.get("default"), *rule.get("values", [])]
        for bound in ("min", "max", "exclusiveMin"):
            if bound in rule:
                values += [rule[bound], rule[bound] - 1, rule[bound] + 1, rule[bound] + 0.5]
        cases += [{**fmt, name: value} for value in values if name != "format" or value]
    cases += [{"format": "snapshot", "max_tokens": 500}, {"format": "domtext", "compact": True},
              {"format": "outline", "vision": True}, {"unknown_option": 1}]
    whole = {"scope": "page", "viewport_only": False}
    cases += [{"format": "snapshot", **whole, "also_formats": extras, **more}
              for extras in (["outline"], ["outline", "domtext"], ["snapshot"], ["elements"] * 2)
              for more in ({}, {"viewport_only": True}, {"scope": "viewport"},
                           {"compact": True}, {"compression": "delta"}, {"max_tokens": 500})]
    cases += [{"format": "domtext", "viewport_only": False, "also_formats": ["snapshot"]},
              {"format": "outline", **whole, "also_formats": ["elements"], "vision": True},
              {"format": "snapshot", **whole, "also_formats": []}]
    # the rules between options (OPTION_RULES): each side of each rule
    walker_ids = {"format": "domtext", "viewport_only": False, "node_ids": "walker"}
    cases += [walker_ids, *({**walker_ids, **more} for more in (
        {"viewport_only": True}, {"dom_source": "snapshot"}, {"format": "elements"},
        {"format": "som"}, {"vision": True}, {"include_ax": True}, {"include_ax": False}))]
    cases += [{"format": fmt, "scope": "page", "node_ids": "walker", **more}
              for fmt in ("snapshot", "outline")
              for more in ({}, {"scope": "viewport"}, {"ax_source": "chromium"},
                           {"ax_source": "walk"}, {"viewport_only": False,
                                                   "also_formats": ["domtext"]})]
    cases += [{"format": fmt, "ax_source": "walk", **more}
              for fmt in ("snapshot", "outline")
              for more in ({}, {"scope": "page"}, {**whole, "also_formats": ["domtext"]},
                           {**whole, "also_formats": ["domtext"], "dom_source": "snapshot"})]
    return cases


def test_the_extension_and_the_host_accept_and_refuse_the_same_options(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "node is needed for the extension's tests (scripts/bootstrap.sh installs it)"
    cases = option_cases()
    data = tmp_path / "cases.json"
    data.write_text(json.dumps(cases), "utf-8")
    module = json.dumps((ROOT / "extension" / "lib" / "router" / "options_check.js").as_uri())
    done = subprocess.run([node, "--input-type=module", "-e", EXTENSION_CHECK % module, str(data)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    extension_problems = json.loads(done.stdout)
    disagreements = []
    rule_sentences = {rule["problem"] for rule in OPTION_RULES}
    rules_told: set[str] = set()
    for options, problems in zip(cases, extension_problems, strict=True):
        host_problem = ""
        try:
            SnapshotOptions.model_validate_json(json.dumps(options))  # as the host reads a frame
            host_accepts = True
        except ValidationError as refused:
            host_accepts = False
            host_problem = str(refused)
        if host_accepts != (not problems):
            disagreements.append((options, host_accepts, problems))
        elif problems and problems[0] in rule_sentences:
            rules_told.add(problems[0])  # both sides refuse by the same rule of the table
            if problems[0] not in host_problem:
                disagreements.append((options, host_problem, problems))
    assert not disagreements, disagreements[:5]
    assert rules_told == rule_sentences  # every rule refused something, on both sides
    refused = sum(1 for problems in extension_problems if problems)
    assert 100 < refused < len(cases) - 50  # the cases exercise both answers


@pytest.mark.parametrize("fmt", ["snapshot", "domtext", "outline"])
def test_an_unredacted_reply_says_so(fmt: str, login_capture: dict[str, Any]) -> None:
    host = Host()
    for redact in (True, False):
        request = {"v": 1, "id": f"{fmt}-{redact}", "type": "snapshot",
                   "options": {"format": fmt, "redact": redact}, "capture": login_capture}
        [reply] = host.handle_text(json.dumps(request))
        assert reply["ok"] is True, reply
        assert reply["result"]["redacted"] is redact


def test_every_computed_style_the_extension_asks_for_is_read_by_a_host_step() -> None:
    """DOMSnapshot computes and sends each requested style for every layout node (100k+ on
    a big page): a style no host module names is cost for nothing."""
    from axsnap_host.models.capture import DOM_SNAPSHOT_STYLES

    package = Path(contract.__file__).resolve().parents[1]
    sources = "\n".join(path.read_text(encoding="utf-8") for path in package.rglob("*.py")
                        if path.name != "capture.py" and "extension" not in path.parts)
    unread = [name for name in DOM_SNAPSHOT_STYLES if f'"{name}"' not in sources]
    assert unread == []
