"""The page type a model learnt from the labelled corpus gives where no rule decides.

The rules (classify.py) answer ``unknown`` when no type scores ``UNKNOWN_BELOW``. Such a page
is asked of a logistic regression over the same ``Features``, fitted on every spent held-out
page of bench/corpus/ by ``bench/semantic_learned.py export`` (its weights in
``learned_type.json`` beside this module, with the pages it was fitted on): each feature
standardised by its mean and scale, one weighted sum per type, the largest wins, its softmax
share the answer's weight. Measured before it was built (design note 220): fitted on the sets
before each held-out set, the rules with it typed the newest four sets 43/53 where the rules
alone typed 39/53, and the sets from the twenty-second on 389/497 against 377/497.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

WEIGHTS = Path(__file__).with_name("learned_type.json")


class LearnedType:
    """A fitted model: ``type_of(features)`` is (type, its softmax share)."""

    def __init__(self, weights: Mapping[str, Any]) -> None:
        self.features: list[str] = list(weights["features"])
        self.means: list[float] = [float(v) for v in weights["means"]]
        self.scales: list[float] = [float(v) or 1.0 for v in weights["scales"]]
        self.types: list[str] = [str(t) for t in weights["types"]]
        self.intercepts: list[float] = [float(v) for v in weights["intercepts"]]
        self.weights: list[list[float]] = [[float(v) for v in row] for row in weights["weights"]]
        width = len(self.features)
        if not (len(self.means) == len(self.scales) == width
                and len(self.types) == len(self.intercepts) == len(self.weights)
                and all(len(row) == width for row in self.weights)):
            raise ValueError("learned_type weights: the lists' lengths disagree")

    def type_of(self, features: Mapping[str, Any],
                barred: frozenset[str] = frozenset()) -> tuple[str, float]:
        """The type, of those not ``barred``, whose weighted sum is largest over ``features``
        (a missing or non-number feature counts 0), and its softmax share of those types."""
        scaled = [(_number(features.get(name)) - mean) / scale
                  for name, mean, scale in zip(self.features, self.means, self.scales,
                                               strict=True)]
        sums = [intercept + math.fsum(w * x for w, x in zip(row, scaled, strict=True))
                for intercept, row in zip(self.intercepts, self.weights, strict=True)]
        open_to = [i for i, kind in enumerate(self.types) if kind not in barred]
        top = max(open_to, key=sums.__getitem__)
        share = 1.0 / math.fsum(math.exp(sums[i] - sums[top]) for i in open_to)
        return self.types[top], share


def _number(value: Any) -> float:
    if isinstance(value, bool | int | float):
        return float(value)
    return 0.0


@cache
def shipped() -> LearnedType:
    """The model fitted on the corpus, read once per process."""
    return LearnedType(json.loads(WEIGHTS.read_text("utf-8")))


# The model is asked about a page that shows words and this many links or controls; a page
# with less (a blank frame, a page its scripts have not drawn, a lone widget) stays unknown.
# Words are prose (paragraphs, list items, `<pre>`), or this many links' own: an index of links
# on `<br>` lines or in table cells says no paragraph (design note 264); buttons' words alone
# ("Reply", "Like") say what can be done, not what the page shows.
ENOUGH_TO_GO_ON = 5
_CONTROLS = ("links", "buttons", "text_inputs", "textareas", "checkboxes", "radios", "selects")
# A page a person fills in asks something: a type that is one is no answer for a page holding
# no field at all (a class's reference page, its methods named "create", is no form: design
# note 364). Settings may be a page of links to each part of them, so stay open.
_FIELDS = ("text_inputs", "textareas", "checkboxes", "radios", "selects", "passwords",
           "search_inputs")
ASKING = frozenset({"form", "login", "register", "checkout", "email_compose", "search_engine"})


def undecided(features: object, signals: list[dict[str, object]]) -> str:
    """The type of a page no rule decided: ``unknown`` when it shows too little to go on,
    else the shipped model's, its share said as a signal."""
    shown = vars(features)
    words = _number(shown.get("text_chars")) > 0 or _number(shown.get("links")) >= ENOUGH_TO_GO_ON
    if not words or sum(_number(shown.get(name)) for name in _CONTROLS) < ENOUGH_TO_GO_ON:
        return "unknown"
    fieldless = not any(_number(shown.get(name)) for name in _FIELDS)
    kind, share = shipped().type_of(shown, ASKING if fieldless else frozenset())
    signals.append({"type": kind, "signal": "learned:no rule decided", "weight": round(share, 3)})
    return kind
