"""Rules between options, written as data so that one table serves both sides.

A rule says which combination of options is refused and the sentence the caller gets. The
host checks the table in ``SnapshotOptions``' validator. The extension receives the same
table in ``generated/contract.js`` (``OPTION_RULES``) and checks it before it captures
anything (``extension/lib/router/option_rules.js``, the same evaluator in JavaScript).

A condition is JSON. ``name`` is an option; its value is the caller's, or the option's
default when the caller left it out:

- ``{"is": [name, value]}``: the option equals ``value``;
- ``{"among": [name, [values]]}``: the option is one of ``values``;
- ``{"present": name}``: the option is not null;
- ``{"given": name}``: the option is set to something: not null, not false, not ``[]``;
- ``{"repeats": name}``: a list option names some item twice;
- ``{"holds": [name, other]}``: a list option holds the value of option ``other``;
- ``{"meets": [name, [values]]}``: a list option holds one of ``values``;
- ``{"all": [conditions]}``, ``{"any": [conditions]}``, ``{"not": condition}``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypedDict

Condition = dict[str, Any]
ValueOf = Callable[[str], Any]


class OptionRule(TypedDict):
    """Options refused together: ``when`` holds for them, and the caller is told ``problem``."""

    when: Condition
    problem: str


def _items(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def holds(condition: Condition, value_of: ValueOf) -> bool:
    """Whether ``condition`` holds for the options ``value_of`` reads."""
    if len(condition) != 1:
        raise ValueError(f"a condition has exactly one operator, not {sorted(condition)}")
    ((operator, operand),) = condition.items()
    if operator == "all":
        return all(holds(part, value_of) for part in operand)
    if operator == "any":
        return any(holds(part, value_of) for part in operand)
    if operator == "not":
        return not holds(operand, value_of)
    if operator == "present":
        return value_of(operand) is not None
    if operator == "given":
        value = value_of(operand)
        return value is not None and value is not False and value != []
    if operator == "repeats":
        items = _items(value_of(operand))
        return len(set(items)) != len(items)
    name, argument = operand
    if operator == "is":
        return bool(value_of(name) == argument)
    if operator == "among":
        return value_of(name) in argument
    if operator == "holds":
        return value_of(argument) in _items(value_of(name))
    if operator == "meets":
        return any(item in argument for item in _items(value_of(name)))
    raise ValueError(f"unknown condition operator {operator!r}")


def first_problem(rules: Sequence[OptionRule], value_of: ValueOf) -> str | None:
    """The sentence of the first rule the options break, or None when they break none."""
    return next((rule["problem"] for rule in rules if holds(rule["when"], value_of)), None)
