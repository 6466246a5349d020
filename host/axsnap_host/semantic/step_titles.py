"""A title or heading naming one step of several ("Step 1 of 3: Your information", "Schritt 2
von 4", "Étape 1 sur 3"): the person is going through a process, a checkout's or a booking's,
and the values in its fields are being given now, not an account's saved settings (issue 31,
design note 286: pretix's checkout step, its contact and address fields filled in, read as
settings)."""

from __future__ import annotations

import re

from axsnap_host.semantic.page_features import Features

# "step N of M" in the seven languages the rules keep (English, German, French, Spanish,
# Vietnamese, Chinese, Japanese), or "step N/M".
_STEP = re.compile(
    r"\b(?:step|schritt|étape|paso|bước)\s*\d+\s*(?:of|von|sur|de|/)\s*\d+\b"
    r"|第\s*\d+\s*步|ステップ\s*\d+\s*/\s*\d+", re.IGNORECASE)


def names_a_step(f: Features) -> bool:
    """The page's title or its own heading names one step of several."""
    return bool(_STEP.search(f.title) or _STEP.search(f.own_heading))
