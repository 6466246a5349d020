"""Which of DOM text's element records the reply's cap walk would leave as they are.

A DOM read caps the strings of its hashed parts and checks them for the canonical hash in
one walk (pipeline/caps.py ``cap_strings_plain``, design note 130). On a whole page that walk
spent most of its time on the element records' own fields, which the build
(dom/elements.py ``build_dom_result``) writes with types it knows: tens of thousands of
small dicts walked value by value and key by key. :func:`left_as_is` reads a record the
way the build writes it, field by field, and says True only of a record the walk would
leave as it is and find plain; ``cap_strings_plain`` walks every other record (design note
252). The cap itself stays where it was, after every redaction and after the vision step:
DOM text and the Set-of-Mark legend are made from the records before they are capped.

The build's record: ``build_dom_result``, ``add_walker_facts`` and ``_redact`` in
dom/elements.py, ``ElementFacts.add_to`` in elements/model.py. A key added there that is
not in ``RECORD_KEYS`` sends its records to the walk (exact, slower); a key whose values
this module does not read (``_MADE_KEYS``) must keep the type said there.
"""

from __future__ import annotations

from typing import Any

from axsnap_host.pipeline.caps import MAX_TEXT, MAX_VALUE

_SAFE_INTEGER = 2**53 - 1  # (caps.py: an integer the canonical hash takes as it is)

# Keys whose values are not read, each of the build's own making: ``index`` (the index
# registry's int), ``frame`` (a frame ordinal), ``isInteractive`` (True), ``inViewport``,
# ``checked``, ``scrollable``, ``partlyCovered``, ``clipped``, ``disabled`` (bools),
# ``actions`` (a list of the element model's action words), ``xpath`` (a str under a key
# the cap leaves whole: never cut, and plain).
_MADE_KEYS = frozenset({"index", "frame", "isInteractive", "inViewport", "checked",
                        "scrollable", "partlyCovered", "clipped", "disabled", "actions",
                        "xpath"})
_TEXTS = ("tagName", "text", "selector", "role", "name")  # strings every record has
_MAYBE_TEXTS = ("nameSource", "context", "description", "dialog", "label", "value", "hint",
                "secret")
_MAYBE_INTS = ("backendNodeId", "walkId", "optionsMore")
_WALKED = ("states", "options")  # a few records: the walk reads them
# every key a record may have: literal names, all ASCII
RECORD_KEYS = _MADE_KEYS | frozenset({*_TEXTS, *_MAYBE_TEXTS, *_MAYBE_INTS, *_WALKED,
                                      "attributes", "rect", "center", "reasons"})


def left_as_is(record: dict[str, Any]) -> bool:
    """True only when the cap walk (caps.py ``_cap_checking``) would cut nothing in
    ``record`` and find it plain: every key one of ``RECORD_KEYS``, every string at most the
    smaller cap long (a value, 500 characters: nothing is cut at that length, whatever the
    key), every int within +-(2**53 - 1), the box's and the centre's coordinates ints, the
    attributes ASCII str names of short str values, the reasons short str; no ``states`` or
    ``options``. False says nothing: the record is walked."""
    if not RECORD_KEYS.issuperset(record):
        return False
    low, high, most = -_SAFE_INTEGER, _SAFE_INTEGER, MAX_VALUE
    try:
        for key in _TEXTS:
            text = record[key]
            if type(text) is not str or len(text) > most:
                return False
        get = record.get
        for key in _MAYBE_TEXTS:
            text = get(key)
            if text is not None and (type(text) is not str or len(text) > most):
                return False
        box = record["rect"]
        x, y, width, height = box["x"], box["y"], box["width"], box["height"]
        if type(box) is not dict or len(box) != 4 or type(x) is not int \
                or type(y) is not int or type(width) is not int or type(height) is not int \
                or not (low <= x <= high and low <= y <= high and low <= width <= high
                        and low <= height <= high):
            return False
        box = record["center"]
        x, y = box["x"], box["y"]
        if type(box) is not dict or len(box) != 2 or type(x) is not int \
                or type(y) is not int or not (low <= x <= high and low <= y <= high):
            return False
        attributes = record["attributes"]
        if type(attributes) is not dict:
            return False
        for name, value in attributes.items():
            if type(value) is not str or len(value) > most or type(name) is not str \
                    or not name.isascii():
                return False
        reasons = record["reasons"]
        if type(reasons) is not list:
            return False
        for reason in reasons:
            if type(reason) is not str or len(reason) > MAX_TEXT:
                return False
        for key in _MAYBE_INTS:
            number = get(key)
            if number is not None and (type(number) is not int or not low <= number <= high):
                return False
        if "states" in record or "options" in record:
            return False
    except (KeyError, TypeError):  # not the build's shape (a test's record): walked
        return False
    return True
