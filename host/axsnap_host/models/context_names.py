"""When the words of a control's place name it, where the walker and the host must agree.

A setting no label names (a switch, a box, a radio button, a field) is called by the words of
its row, field or card when a person would call it by them: the host's element model names it
so (``pipeline/elements/model.py``), and the walker groups its twins by the same name
(``extension/lib/walker/src/context_name.js``), so controls the ids name alike are twins to
both. Both read these through ``extension/lib/walker/src/generated_contract.js``
(``native/contract.py``).
"""

from __future__ import annotations

# characters: a setting's label, not a paragraph
CONTEXT_NAME_MAX = 40

# A context that only says where a control sits (the walker's region words for a box with no
# words of its own: person_context.js landmarkOf, regionWord): no name a person calls it by.
REGION_ONLY_WORDS = ("header", "footer", "navigation", "sidebar", "top", "bottom", "toolbar")


def context_names_control(text: str) -> bool:
    """Whether the words of a control's place are what a person would call it ("Undo Send",
    "Dark mode"): short, not a sentence, a letter in them (a price beside an order line's
    selects, "$14", is what the line costs, no name). A task line above a nameless field
    ("Enter \\"Rex\\" into the text field and press Submit.") is what the page says, not the
    field's name; nor is a region's word alone ("sidebar": a box of no words of its own in an
    ``<aside>``)."""
    return len(text) <= CONTEXT_NAME_MAX and not text.rstrip().endswith((".", "!", "?")) \
        and any(c.isalpha() for c in text) and text.strip().lower() not in REGION_ONLY_WORDS
