"""Rules from the twenty-eighth held-out set's misses (issue 31, note 139), on a page's
features and a row's cells: a cart named by its title, a catalogue of add-to-cart controls,
count tiles over a long table of records, two sample forms under a title naming forms."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.control_words import puts_in_cart


def _signals(f: Features) -> dict[str, float]:
    return {str(s["signal"]): float(s["weight"]) for s in classify(f)[2]}  # type: ignore[arg-type]


def test_quantities_in_priced_rows_under_a_title_naming_a_cart_are_a_cart() -> None:
    # (the first screen: the totals and "Checkout" below it; no checkout word said yet)
    cart = Features(text_inputs=4, search_inputs=1, filled=3, quantity_fields=3, prices=6,
                    removable_rows=3, column_heads=4, action_rows=3, tables=2, rows=7,
                    forms=2, title="view cart", text="shopping cart\nproduct price quantity")
    kind, _, signals = classify(cart)
    assert kind == "checkout", signals[:4]
    # (a table of products under another title, no checkout word: no cart)
    shop = Features(text_inputs=4, search_inputs=1, filled=3, quantity_fields=3, prices=6,
                    column_heads=4, tables=1, rows=7, title="products", text="products")
    assert "form:quantity fields in rows of priced products (a cart)" not in _signals(shop)


def test_three_add_to_cart_controls_are_a_catalogue_whose_cards_are_no_stats() -> None:
    assert puts_in_cart("Add To  Cart") and puts_in_cart("Buy Now")
    assert not puts_in_cart("Add to cart to see the price")
    grid = Features(search_inputs=1, buttons=4, widgets=12, metrics=4, prices=4, to_cart=3,
                    sidebar=True, title="product catalog", text="add to cart")
    kind, _, signals = classify(grid)
    assert kind == "list", signals[:4]
    fired = _signals(grid)
    assert "stats:3+ stat or chart widgets" not in fired and "stats:4+ metrics" not in fired
    # (beside a query: a search's results; beside a cart's quantities: the cart)
    catalogue = "stats:3+ controls putting a product in the cart (a catalogue)"
    assert catalogue not in _signals(Features(to_cart=3, search_inputs=1, queries=1))
    assert catalogue not in _signals(Features(to_cart=3, quantity_fields=2, prices=4,
                                              title="cart"))


def test_count_tiles_over_a_long_table_of_records_are_the_records() -> None:
    orders = Features(search_inputs=1, figure_tiles=4, metrics=4, column_heads=9,
                      action_rows=12, rows=13, tables=1, heading_cards=8, title="orders")
    kind, _, signals = classify(orders)
    assert kind == "list", signals[:4]
    # (under a title naming a dashboard, or beside a chart, they are its panels)
    for other in (Features(figure_tiles=4, metrics=4, column_heads=9, action_rows=12, rows=13,
                           tables=1, title="dashboard"),
                  Features(figure_tiles=4, metrics=4, column_heads=9, action_rows=12, rows=13,
                           tables=1, charts=1, title="orders")):
        assert classify(other)[0] == "dashboard", classify(other)[2][:4]
    # (a dashboard's own words said outside links: its chart's box a script fills)
    home = Features(figure_tiles=6, metrics=1, column_heads=5, action_rows=10, rows=11,
                    tables=1, title="home", said="income overview\nanalytics\ndashboard")
    assert "stats:3+ figures each over a few words (stat tiles)" in _signals(home)


def test_a_contact_form_beside_a_checkout_form_under_a_title_naming_forms_are_samples() -> None:
    said = "contact form\nname\nemail\nmessage\nsubmit\ncheckout form\npayment information"
    forms = Features(text_inputs=9, textareas=1, card_fields=1, name_fields=3, account_fields=6,
                     forms=2, address_fields=4, sidebar=True, title="forms", text=said,
                     said=said)
    kind, _, signals = classify(forms)
    assert kind == "form", signals[:4]
    # (a title naming the checkout: its order notes are no second purpose)
    named = Features(text_inputs=9, textareas=1, card_fields=1, name_fields=3,
                     account_fields=6, forms=2, address_fields=4, title="checkout form",
                     text=said, said=said)
    assert classify(named)[0] == "checkout", classify(named)[2][:4]
