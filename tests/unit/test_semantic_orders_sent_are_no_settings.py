"""An order form filled in is no settings page (issue 31, design note 356): httpbin's pizza
order form (the one-hundred-eighty-second held-out set), its customer's name, telephone and
e-mail typed over "Submit order", read as the account's saved values. A form whose control sends
an order is no form of saved settings; the same fields under "Save changes" are. On the
features the host read of the page (cut to what the rules read)."""

from __future__ import annotations

from typing import Any

from axsnap_host.semantic.classify import classify
from axsnap_host.semantic.page_features import Features

SAID = ("customer name: \n telephone: \n e-mail address: \n preferred delivery time: \n"
        " delivery instructions: \n {button} \n pizza size small medium large \n pizza size \n"
        " small \n medium \n large \n pizza toppings \n bacon \n extra cheese \n onion \n"
        " mushroom \n side door by the bike shed, please ring twice. \n {button}")
ORDER_FORM: dict[str, Any] = dict(
    text_inputs=4, filled=4, textareas=1, checkboxes=4, radios=3, buttons=1, account_fields=2,
    forms=1, address_fields=1, text_chars=190, row_checkboxes=4, page_screens=1.0)


def _type(button: str, **more: Any) -> str:
    said = SAID.format(button=button)
    return classify(Features(**ORDER_FORM, said=said, text=said, **more))[0]


def test_an_order_form_filled_in_is_a_form() -> None:
    assert _type("submit order", place_order=1) == "form"


def test_the_same_fields_kept_by_save_changes_are_settings() -> None:
    assert _type("save changes", save_changes=1) == "settings"
