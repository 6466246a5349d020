"""A long form is the page's own matter (issue 31, note 150): twelve fields or more to fill in,
more than the paragraphs and long bullets beside them, no query held and no card asked. A person
sees a form to fill in (an ad to post, a rental to list, an order), however much prose sits
beside it: the paragraphs are its pitch, its help or its terms, no article; the lists, alike
rows and ticked rows beside it are its menus and its choices (a category's options, the filter
boxes of a search bar above it), no list page.

Where the form's purpose is said otherwise (a password: a sign-up; a card, or an address beside
a price: a checkout; saved values or "Save Changes": settings; a page of forms or of inputs: its
own signals), only the prose and the lists give way: the long form's own signal does not fire.
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic.page_features import Features

LONG_FORM_SIGNAL = "form:12+ fields to fill, more than the prose beside them (a long form)"
LONG_FORM_WEIGHT = 0.5
_FIELDS = 12


def long_form(f: Features) -> bool:
    """Twelve fields or more to fill (no search box, no newsletter box), more than the long
    paragraphs and long list items of the page, no query held and no card asked."""
    asked = (f.text_inputs - f.search_named - f.newsletter_fields + f.passwords + f.textareas
             + f.selects)
    return (asked >= _FIELDS and asked > f.long_blocks + f.long_items and f.queries == 0
            and not f.card_fields)


def fire_long_form(fire: Callable[[str, str, float, bool], None], f: Features,
                   said_otherwise: bool) -> bool:
    """Fires the long form's signal unless its purpose is said otherwise (``said_otherwise``:
    the caller's page of forms, of inputs, or settings); whether the page is a long form."""
    lengthy = long_form(f)
    other = (said_otherwise or f.passwords >= 1 or f.filled >= 3
             or (f.address_fields >= 2 and f.prices >= 1))
    fire("form", LONG_FORM_SIGNAL, LONG_FORM_WEIGHT, lengthy and not other)
    return lengthy
