"""Where no rule decides a page's type, the model learnt from the labelled corpus does
(semantic/learned_type.py, design note 220); a page showing too little stays unknown."""

from __future__ import annotations

import dataclasses
import json
import math

import pytest

from axsnap_host.semantic.classify import PAGE_TYPES, Features, classify
from axsnap_host.semantic.learned_type import ASKING, WEIGHTS, LearnedType, shipped


def _history() -> Features:
    """A wiki's global history as the walker counted it (a spent corpus page's first screen):
    a table of six rows of changes, each a page's link, its author and a time; no rule fires
    far enough to name it."""
    return Features(search_inputs=1, links=29, action_rows=5, text_chars=180, tables=1, rows=6,
                    page_screens=1.0, title="global history - harbour choir wiki",
                    own_heading="global history",
                    said="global history \n rehearsals \n 2:09:32 pm \n the last half hour \n "
                         "songbook \n 2:09:23 pm \n this season's pieces",
                    url="http://127.0.0.1/moin-04/index.html", host="127.0.0.1")


def test_a_page_no_rule_decides_is_typed_by_the_learnt_model() -> None:
    kind, scores, signals = classify(_history())
    assert max(scores.values()) < 0.4  # no rule decided it
    assert kind == "list", signals
    learnt = [s for s in signals if s["signal"] == "learned:no rule decided"]
    assert learnt and learnt[0]["type"] == "list" and 0 < float(learnt[0]["weight"]) <= 1


def test_a_page_showing_too_little_stays_unknown() -> None:
    # nothing drawn, words with one control, four links (a page its scripts have not drawn
    # past its bar), twelve buttons and no words (a feed's Reply and Like, its posts' words in
    # boxes of their own: what can be done, not what the page shows)
    for page in (Features(), Features(text_chars=177, buttons=1, page_screens=1.0),
                 Features(links=4, page_screens=1.0), Features(buttons=12, page_screens=1.0)):
        kind, _, signals = classify(page)
        assert kind == "unknown"
        assert not [s for s in signals if s["signal"] == "learned:no rule decided"]


def test_links_whose_words_sit_in_no_paragraph_are_enough_to_go_on() -> None:
    # pypiserver's index: a heading and seven file links on `<br>` lines, no paragraph, list
    # item or `<pre>` (text_chars 0): its links' words are what it shows (design note 264)
    index = Features(links=7, page_screens=1.0, title="links for harbour-tides",
                     own_heading="links for harbour-tides")
    kind, _, signals = classify(index)
    assert [s for s in signals if s["signal"] == "learned:no rule decided"], signals
    assert kind == "list"
    assert classify(dataclasses.replace(_history(), text_chars=0))[0] == "list"


def test_a_rule_that_decides_is_never_overruled() -> None:
    page = dataclasses.replace(_history(), passwords=1, login_forms=1, sign_in_button=True,
                               text_inputs=1)
    kind, scores, signals = classify(page)
    assert scores[kind] >= 0.4
    assert not [s for s in signals if s["signal"] == "learned:no rule decided"]


def test_a_page_holding_no_field_is_no_page_that_asks_something() -> None:
    # valadoc's page of a class (the two-hundred-tenth held-out set, its first screen as the
    # walker counted it): a side bar of its package's types, the class's description and its
    # members' signatures, one button and no field; the model's top answer was form (design
    # note 364)
    reference = Features(buttons=1, links=16, list_items=6, text_chars=342, sidebar=True,
                         page_screens=1.0, lead_links=9, own_heading="crossinglog",
                         title="hallowmere.crossinglog - ferrylog - vala binding reference")
    assert shipped().type_of(vars(reference))[0] == "form"
    kind, _, signals = classify(reference)
    assert kind not in ASKING, signals
    assert [s["type"] for s in signals if s["signal"] == "learned:no rule decided"] == [kind]
    # a field on the page leaves every type open to the model
    asked = dataclasses.replace(reference, text_inputs=1)
    assert shipped().type_of(vars(asked), frozenset()) == shipped().type_of(vars(asked))


def test_the_shipped_weights_name_real_features_and_types() -> None:
    weights = json.loads(WEIGHTS.read_text("utf-8"))
    fields = {f.name for f in dataclasses.fields(Features)}
    assert set(weights["features"]) <= fields
    assert set(weights["types"]) <= set(PAGE_TYPES)
    assert weights["fitted_on"]["pages"] >= 1000


def test_the_arithmetic_is_a_softmax_over_weighted_sums() -> None:
    model = LearnedType({"features": ["a", "b"], "means": [1.0, 0.0], "scales": [2.0, 0.0],
                         "types": ["list", "form"], "intercepts": [0.0, 1.0],
                         "weights": [[2.0, 0.0], [0.0, 1.0]]})
    # list: 2 * (5 - 1) / 2 = 4; form: 1 + 1 * 3 / 1 (a zero scale counts as 1) = 4 -> tie: list
    kind, share = model.type_of({"a": 5, "b": 3})
    assert (kind, share) == ("list", pytest.approx(0.5))
    # list: 0; form: 1 + 1 (True counts 1) = 2; a feature the model does not know is ignored
    kind, share = model.type_of({"a": 1, "b": True, "c": "words"})
    assert (kind, share) == ("form", pytest.approx(1 / (1 + math.exp(-2))))
    # a barred type is never the answer; the share is of the types left
    kind, share = model.type_of({"a": 1, "b": True}, frozenset({"form"}))
    assert (kind, share) == ("list", pytest.approx(1.0))
    with pytest.raises(ValueError):
        LearnedType({"features": ["a"], "means": [], "scales": [1.0], "types": ["list"],
                     "intercepts": [0.0], "weights": [[1.0]]})


def test_the_shipped_model_is_read_once() -> None:
    assert shipped() is shipped()
