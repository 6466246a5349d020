"""A short form: the page's one form, two to five fields and nothing else the page is for
(an order-status lookup's "Email Address" and "Order ID", a booking enquiry, a ticket
lookup). A person sees a form to fill in and send, whatever it asks.

The kinds of form that have their own signals are left to them: a sign-in or sign-up (a
password, sign-in or sign-up words said outside links), a checkout (a card, an address and a
price), a message (a subject, a recipient, a message box), a saved account's values (fields
holding values), a search (a query), a wizard's step. A page with more in it than the form
(prose, a list, a table, cards, figures) is for that, its form a side box.

A question answered by two buttons and nothing else asked is a form of no field (design note
353): an OAuth consent screen's "Authorize" and "Decline" under "Request for Permission", a
sign-out's "Yes" and "No" under "End Session", a confirmation's "Confirm" and "Cancel".
"""

from __future__ import annotations

import re
from collections.abc import Callable

from axsnap_host.semantic.keywords import keyword_hits, title_hits
from axsnap_host.semantic.page_features import Features

SHORT_FORM_SIGNAL = "form:the page's one form of 2-5 fields and little else (a short form)"
SHORT_FORM_WEIGHT = 0.45
_ACCOUNT_KINDS = ("login", "register")


def short_form(f: Features) -> bool:
    """One form of two to five fields asking no password, card, address, message or query,
    holding no saved value, on a page with no prose, list, table, cards or figures. Under the
    page's own heading one field is enough ("Submit a request" over "My question is about:",
    a help desk's first step): the page asks it and nothing else."""
    asked = (f.text_inputs - f.search_named - f.newsletter_fields - f.locked_fields
             + f.textareas + f.selects)
    words = f.said + " " + f.title
    fewest = 1 if f.own_heading else 2
    return (f.forms == 1 and fewest <= asked <= 5 and not f.passwords and not f.card_fields
            and f.queries == 0 and not f.to_subject and not f.recipients and f.filled == 0
            and f.address_fields < 2 and f.prices == 0 and f.wizard_steps < 2
            and f.long_blocks == 0 and f.long_items == 0 and f.paragraphs <= 2
            and f.result_blocks < 3 and f.rows < 5 and f.div_rows < 8 and f.list_items < 8
            and f.heading_cards < 4 and f.list_cards == 0 and f.teaser_heads < 5
            and f.prose_sections < 3 and f.charts == 0 and f.widgets < 3 and f.metrics < 4
            and f.figure_tiles < 3
            and not any(keyword_hits(kind, words) or title_hits(kind, f.title)
                        for kind in _ACCOUNT_KINDS))


ANSWER_SIGNAL = "form:a question answered by two buttons, nothing else asked (a prompt)"
ANSWER_WEIGHT = 0.45
_YES = re.compile(r"(?:authori[sz]e|allow|accept|approve|grant access|yes|confirm|continue)")
_NO = re.compile(r"(?:decline|deny|reject|cancel|no)")


def answer_prompt(f: Features) -> bool:
    """Two or three buttons, two of them saying yes and no ("Authorize", "Decline"), no field,
    box or choice, a few links at most and a few lines of text: the page asks one question."""
    asked = (f.text_inputs - f.search_named + f.passwords + f.textareas + f.selects
             + f.checkboxes + f.radios)
    lines = {line.strip() for line in f.said.split("\n")}
    return (asked == 0 and 2 <= f.buttons <= 3 and f.links <= 3 and f.text_chars < 600
            and f.rows < 5 and f.list_items < 8 and f.charts == 0 and f.widgets < 3
            and any(_YES.fullmatch(line) for line in lines)
            and any(_NO.fullmatch(line) for line in lines))


def fire_short_form(fire: Callable[[str, str, float, bool], None], f: Features) -> bool:
    """Fires the form signals of a short form and of a question's prompt; whether either
    fired."""
    short = short_form(f)
    fire("form", SHORT_FORM_SIGNAL, SHORT_FORM_WEIGHT, short)
    prompt = answer_prompt(f)
    fire("form", ANSWER_SIGNAL, ANSWER_WEIGHT, prompt)
    return short or prompt
