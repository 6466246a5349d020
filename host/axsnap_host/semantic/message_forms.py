"""A message written to the site: a box to write in beside who is writing (issue 31, note 160).

A person who meets a box to write a message in, under fields asking their name or address and
no field naming whom it goes to, is writing to the site: a contact, feedback, review or
submission form. A mail being written names its recipient ("To"); a story's comment box sits
after screens of the story. When such a form is what the page shows (a page of three screens
or less, or one its title or heading calls a contact page), the site's menus, news lists and
layout-table rows around it are no list, and its rules or notes in paragraphs no article.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from axsnap_host.semantic.keywords import keyword_hits

if TYPE_CHECKING:
    from axsnap_host.semantic.page_features import Features

MESSAGE_SIGNAL = ("form:a box to write a message in beside the writer's name or address, no "
                  "recipient (a message to the site)")
MESSAGE_WEIGHT = 0.5
# A page this many screens long or less is what its one message form shows; a story with a
# comment box after it runs longer (the spent pages' posts with comment forms: 3.8 screens and
# more).
SHORT_PAGE = 3.0
# Three long paragraphs or more under one parent are a story's: a box to write in beside it is
# its comment box, however short the page.
STORY_RUN = 3
_CONTACT = frozenset({"contact us", "联系我们", "liên hệ", "contacto", "kontakt", "contactez",
                      "お問い合わせ"})


def message_to_site(f: Features) -> bool:
    """A box to write in beside the writer's name, address or a subject, no recipient,
    password, card, saved values, shipping address, control placing an order (a checkout's
    order notes), Reply or story of three long paragraphs (its comment box), on a short page or
    one its title or heading calls a contact page."""
    asked = f.name_fields + f.account_fields + f.to_subject >= 1
    named = bool(_CONTACT & set(keyword_hits("form", f.title + " " + f.own_heading)))
    return (f.textareas >= 1 and asked and f.recipients == 0 and not f.passwords
            and not f.card_fields and (f.filled < 3 or f.message_boxes >= 1)
            and f.address_fields < 2 and not f.reply
            and not f.place_order and f.prose_run < STORY_RUN
            and (f.page_screens <= SHORT_PAGE or named))


def message_box(f: Features) -> bool:
    """A box to write in beside a text field or more, with none of what excludes a message to
    the site (a recipient, a password, a card, saved values, an address, Reply, an order, a
    story), on a short page: the whole page's counts show the form though the fields that say
    who writes lie below the first screen, unnamed in a read of it (note 194). Its signal is
    left to those names; the site's menus and layout rows around it are no list all the same."""
    return (f.textareas >= 1 and f.text_inputs - f.search_named >= 1 and f.recipients == 0
            and not f.passwords and not f.card_fields and f.filled < 3 and f.address_fields < 2
            and not f.reply and not f.place_order and f.prose_run < STORY_RUN
            and f.page_screens <= SHORT_PAGE)


def fire_message_form(fire: Callable[[str, str, float, bool], None], f: Features) -> bool:
    """Fires the message-form signal; whether it fired or the page holds a message box whose
    writer's fields are unnamed (its lists and prose are the form's surroundings either way)."""
    message = message_to_site(f)
    fire("form", MESSAGE_SIGNAL, MESSAGE_WEIGHT, message)
    return message or message_box(f)
