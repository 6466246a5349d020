"""A record's change form (issue 31; note 206), a rule a person states for any page:

- A shop's admin page "Change product" over a coffee's name, SKU, category, supplier and price,
  each field holding the product's saved value (djadmin-03, read as settings): the values are
  the product's, one of the records the site keeps; the page is that record's form, no
  settings of the account's.
- The same fields under "Edit profile", "Konto bearbeiten" or "Change password": the account's
  own values, its settings still.

The page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify

RECORD_SIGNAL = "form:saved values under a heading changing a record (a record's change form)"


def _product(**changes: object) -> Features:
    said = ("colombian filter coffee, 250 g - change product \n log out \n name: \n sku: \n"
            " category: \n supplier: \n price: \n description: \n in stock \n save \n"
            " save and add another \n save and continue editing \n delete")
    page = Features(text_inputs=4, filled=4, textareas=1, checkboxes=2, selects=2, buttons=4,
                    links=9, name_fields=1, action_rows=4, forms=1, list_items=1,
                    linked_items=1, text_chars=7, tables=2, rows=6, sidebar=True,
                    page_screens=1.11,
                    title="colombian filter coffee, 250 g - change product - change product",
                    own_heading="change product", lead_links=1, said=said, text=said)
    return replace(page, **changes)


def test_a_records_saved_values_under_its_change_heading_are_a_form() -> None:
    kind, _, signals = classify(_product())
    assert kind == "form", signals[:4]
    assert RECORD_SIGNAL in [s["signal"] for s in signals]


def test_the_accounts_own_values_are_no_record() -> None:
    from axsnap_host.semantic.record_forms import changes_a_record
    for heading in ("edit profile", "change password", "konto bearbeiten", "modifier mon compte",
                    "editar perfil", "プロフィールの編集", "account settings"):
        assert not changes_a_record(_product(own_heading=heading)), heading
    _, _, signals = classify(_product(own_heading="edit profile"))
    assert RECORD_SIGNAL not in [s["signal"] for s in signals]


def test_other_languages_change_a_record() -> None:
    from axsnap_host.semantic.record_forms import changes_a_record
    for heading in ("produkt bearbeiten", "modifier la commande", "editar factura",
                    "编辑订单", "商品の編集", "sửa sản phẩm"):
        assert changes_a_record(_product(own_heading=heading)), heading
