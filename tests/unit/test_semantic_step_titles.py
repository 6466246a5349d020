"""A title or heading naming one step of several (design note 286)."""

from __future__ import annotations

from axsnap_host.semantic.page_features import Features
from axsnap_host.semantic.step_titles import names_a_step


def test_one_step_of_several_in_the_seven_languages() -> None:
    for title in ("step 1 of 3: your information - checkout", "schritt 2 von 4 - kasse",
                  "étape 1 sur 3", "paso 2 de 3: envío", "bước 1/3", "第2步", "ステップ1/3",
                  "Step 3 / 4"):
        assert names_a_step(Features(title=title.lower())), title
    assert names_a_step(Features(title="checkout", own_heading="step 2 of 2: payment"))


def test_what_names_no_step() -> None:
    for title in ("account settings", "step-by-step guide to pruning", "steps 1-3 of the guide",
                  "12 steps to a tidy shed", "first step"):
        assert not names_a_step(Features(title=title)), title
