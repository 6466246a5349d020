"""Settings the page's own words name (issue 31, notes 215 and 216).

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
"""

from __future__ import annotations

import re
from collections.abc import Callable

from axsnap_host.semantic.keywords import title_hits
from axsnap_host.semantic.page_features import Features

CHOICES_SIGNAL = "form:6+ choices under a title or heading naming settings, little prose"
CHOICES_WEIGHT = 0.45
PROFILE_SIGNAL = "form:saved values under a heading naming a profile (the account's settings)"
PROFILE_WEIGHT = 0.45

# A profile, in the seven languages the rules keep (English, German, French, Spanish,
# Vietnamese, Chinese, Japanese).
_PROFILE = re.compile(r"\bprofile?\b|\bperfil\b|hồ sơ|个人资料|个人信息|プロフィール", re.I)


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
