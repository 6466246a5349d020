"""The words naming a payment card's field, one rule for the walker and the host (design note
315).

A field asking for a card's number, its security code or its expiry makes a checkout (the
host's features, ``semantic/page_features.py`` and ``semantic/account_forms.py``), and a card's
code typed into a password box is no password of the account (the walker's page tally,
``extension/lib/walker/src/tally.js``, and the host alike). The pattern reaches the walker
through ``extension/lib/walker/src/generated_contract.js`` (``native/contract.py``); both sides
match it ignoring case against a field's words (label, aria-label, placeholder, name,
autocomplete token, id).
"""

from __future__ import annotations

# A card's expiry is a date ("Expiration date", "Expiry (MM/YY)"); a setting's "Login expiration
# time" or "expires after" is a length of time, no card's, and so is the expiry of a thing the
# app keeps: "User Cache Expiration", "Session expiry", "token_expiration" (note 310).
KEPT_THINGS = ("cache", "session", "token", "password", "cookie", "link", "key", "login",
               "certificate", "account", "invitation", "invite", "lock")

# "card" opens a word of the field's ("Card number", "card_type", "cardNumber", "creditCard"); a
# word it ends names another thing: a component's "plotcard" in a generated id, a "scorecard",
# "Discard" (note 315). Written for both engines: a lookbehind of one fixed length each, no
# Unicode class, no inline flag.
CARD_PATTERN = (r"(?<![a-z])card|credit[\s_-]?card|cc-?num|cvv|cvc|csc|"
                + "".join(rf"(?<!{thing}[\s_-])" for thing in KEPT_THINGS)
                + r"expir(?![a-z0-9_]*\s+(?:time|period|after|in)(?![a-z0-9_]))|"
                r"卡号|thẻ|tarjeta|karte|carte|カード")
