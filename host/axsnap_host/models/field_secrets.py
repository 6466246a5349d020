"""The words naming a secret typed into a password box that is no password of the account,
one rule for the walker and the host (design note 303).

A password box holds more than the account's password: a private key's passphrase and a
one-time code beside it (WebSSH's connect form: Password, Passphrase, Totp), an access token
the page shows once made (Directus's profile), an API key kept in settings. Counted as
passwords, two of them read as a password asked twice, a sign-up. The walker's page tally
(``extension/lib/walker/src/tally_passwords.js``) and the host's features
(``semantic/page_features.py``) leave a box named by these words out of the passwords; the
list reaches the walker through ``extension/lib/walker/src/generated_contract.js``
(``native/contract.py``).
"""

from __future__ import annotations

import re

# Whole words of a field's names (its label, placeholder, aria-label, name, id, autocomplete),
# lower case, "-" and "_" read as spaces and camel case split ("apiKey": "api key").
OTHER_SECRET_WORDS = (
    "token", "passphrase", "pass phrase", "otp", "totp", "one time", "2fa", "two factor",
    "verification code", "security code", "api key", "apikey", "secret key", "private key",
    "recovery code",
)

# The one pattern both sides match a field's names against, once read as above (the walker
# compiles it as it is: words of plain letters, digits and spaces, a group and a lookahead,
# no escape: tests/unit/test_field_secrets.py).
OTHER_SECRET_PATTERN = r"(?:^|[^a-z0-9])(?:" + "|".join(OTHER_SECRET_WORDS) + r")(?![a-z0-9])"
_OTHER_SECRET = re.compile(OTHER_SECRET_PATTERN)


def names_other_secret(words: str) -> bool:
    """Whether a password box's names (``words``) name a secret that is no password of the
    account (``OTHER_SECRET_WORDS``)."""
    split = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", words).lower().replace("-", " ").replace("_", " ")
    return bool(_OTHER_SECRET.search(split))
