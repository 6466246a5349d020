"""Settings the page's own words name (issue 31, notes 215, 216, 284 and 326).

- Choices under settings words (note 215): six checkboxes, radios or switches or more on a page
  whose title or a heading names settings ("Privacy Setting", "Notification settings") beside
  little prose (two long blocks or fewer) are settings turned on and off, however the boxes
  around them are laid out; the cards and their few words are the settings' own. (Beside
  screens of prose a control keeping the changes says the prose is their help: note 209.) On
  a page its title calls forms a "Settings" box is one sample among others, no page's settings.
- Saved values under a heading naming a profile (note 216): two fields or more holding values
  under "Admin's profile", "Mein Profil", "Hồ sơ" are the signed-in account's values, its
  settings; a user name, an email and a password make a sign-up's form only while they are
  empty.
- The account's own addresses (note 284): an address made the primary one
  beside its verification ("Make primary", "Unverified", "Re-send verification": allauth's and
  a code host's e-mail settings) is the signed-in account's settings, whatever few fields and
  radios pick among them; a sign-up's "resend verification" link names no primary address.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from axsnap_host.semantic.keywords import TITLE_SKIP, title_hits
from axsnap_host.semantic.page_features import Features

CHOICES_SIGNAL = "form:6+ choices under a title or heading naming settings, little prose"
CHOICES_WEIGHT = 0.45
PROFILE_SIGNAL = "form:saved values under a heading naming a profile (the account's settings)"
PROFILE_WEIGHT = 0.45
ADDRESSES_SIGNAL = "form:the account's addresses made primary and verified (its settings)"
ADDRESSES_WEIGHT = 0.45
_PRIMARY = re.compile(r"\b(make|set as|set|mark as) primary\b")
_VERIFIED = re.compile(r"\b(unverified|verified|re-?send verification|verify)\b")

# A profile, in the seven languages the rules keep (English, German, French, Spanish,
# Vietnamese, Chinese, Japanese).
_PROFILE = re.compile(r"\bprofile?\b|\bperfil\b|hồ sơ|个人资料|个人信息|プロフィール", re.I)


def title_names_settings(f: Features) -> bool:
    """The title names the page settings by a word no title says commonly ("Settings -
    Rosalind - User", "Einstellungen"; not "Language - ..." alone: note 326), over little prose:
    the fields under it are the settings', as under a heading naming them. (Beside screens of
    prose with no control keeping changes the fields are the prose's examples: note 209.)"""
    return f.long_blocks < 3 and any(word not in TITLE_SKIP
                                     for word in title_hits("settings", f.title))


def _choices(f: Features) -> int:
    """Checkboxes (a to-do list's ticks aside), radios and switches."""
    return f.checkboxes - f.task_checkboxes + f.radios + f.switches


def fire_named_settings(fire: Callable[[str, str, float, bool], None], f: Features) -> None:
    """Fires the settings signals of choices under settings words and of saved values under a
    heading naming a profile."""
    named = f.settings_headings >= 1 or bool(title_hits("settings", f.title))
    fire("settings", CHOICES_SIGNAL, CHOICES_WEIGHT,
         _choices(f) >= 6 and named and f.long_blocks < 3 and not title_hits("form", f.title))
    profile = bool(_PROFILE.search(f.own_heading) or _PROFILE.search(f.title))
    fire("settings", PROFILE_SIGNAL, PROFILE_WEIGHT,
         profile and f.filled >= 2 and not f.card_fields and not f.to_subject)
    fire("settings", ADDRESSES_SIGNAL, ADDRESSES_WEIGHT,
         bool(_PRIMARY.search(f.text) and _VERIFIED.search(f.text)) and not f.passwords)
