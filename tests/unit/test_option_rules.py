"""The rules between options are one table, read by one evaluator on each side."""

from __future__ import annotations

from typing import Any

import pytest

from axsnap_host.models.errors import AxsnapError
from axsnap_host.models.option_rules import first_problem, holds
from axsnap_host.models.options import OPTION_RULES, SnapshotOptions

OPTIONS: dict[str, Any] = {"format": "snapshot", "also_formats": ["outline", "outline"],
                           "vision": False, "scope": "page", "empty": []}


def value_of(name: str) -> Any:
    return OPTIONS.get(name)


@pytest.mark.parametrize(("condition", "expected"), [
    ({"is": ["format", "snapshot"]}, True),
    ({"is": ["format", "outline"]}, False),
    ({"among": ["format", ["outline", "snapshot"]]}, True),
    ({"present": "also_formats"}, True),
    ({"present": "missing"}, False),
    ({"given": "vision"}, False),
    ({"given": "empty"}, False),
    ({"present": "empty"}, True),
    ({"given": "also_formats"}, True),
    ({"repeats": "also_formats"}, True),
    ({"repeats": "empty"}, False),
    ({"holds": ["also_formats", "format"]}, False),
    ({"meets": ["also_formats", ["domtext", "outline"]]}, True),
    ({"all": [{"is": ["scope", "page"]}, {"given": "vision"}]}, False),
    ({"any": [{"is": ["scope", "page"]}, {"given": "vision"}]}, True),
    ({"not": {"given": "vision"}}, True),
])
def test_each_operator_reads_the_options(condition: dict[str, Any], expected: bool) -> None:
    assert holds(condition, value_of) is expected


def test_a_condition_that_cannot_be_read_is_refused_loudly() -> None:
    with pytest.raises(ValueError, match="unknown condition operator"):
        holds({"resembles": ["format", "snapshot"]}, value_of)
    with pytest.raises(ValueError, match="exactly one operator"):
        holds({"is": ["format", "snapshot"], "not": {}}, value_of)


def test_the_first_broken_rule_speaks() -> None:
    rules = [{"when": {"is": ["scope", "viewport"]}, "problem": "first"},
             {"when": {"is": ["scope", "page"]}, "problem": "second"},
             {"when": {"present": "format"}, "problem": "third"}]
    assert first_problem(rules, value_of) == "second"  # type: ignore[arg-type]
    assert first_problem([], value_of) is None


@pytest.mark.parametrize("options", [
    {"format": "outline", "ax_source": "walk"},
    {"format": "domtext", "viewport_only": False, "node_ids": "walker", "include_ax": True},
    {"format": "snapshot", "scope": "page", "also_formats": ["snapshot"]},
])
def test_the_model_refuses_by_the_table(options: dict[str, Any]) -> None:
    sentences = [rule["problem"] for rule in OPTION_RULES]
    with pytest.raises((ValueError, AxsnapError)) as refused:
        SnapshotOptions.model_validate(options)
    assert any(sentence in str(refused.value) for sentence in sentences)
