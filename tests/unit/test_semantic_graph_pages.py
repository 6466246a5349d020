"""A page of graphs (issue 31, the fiftieth held-out set's Munin pages typed as lists): three
charts or more and no products or search results among them is a dashboard, whatever list of
categories the console's menu holds."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify


def _fired(f: Features) -> set[str]:
    return {str(s["signal"]) for s in classify(f)[2]}


def test_ten_graphs_under_a_menu_of_categories_are_a_dashboard() -> None:
    # Munin's category page: ten graphs, each in a box under its own heading, beside a menu of
    # ten categories with their period links.
    page = Features(charts=10, list_items=10, linked_items=10, div_rows=10, heading_cards=10,
                    title="disk (munin)", text="categories\ndisk\nnetwork\nsystem")
    kind, _, signals = classify(page)
    assert kind == "dashboard", signals[:6]
    assert "stats:3+ charts" in _fired(page)
    # (two charts beside the same menu: no page of graphs)
    assert "stats:3+ charts" not in _fired(Features(charts=2, list_items=10, linked_items=10))


def test_charts_among_products_or_results_are_no_page_of_graphs() -> None:
    # A search's results with a sparkline per product and their prices (a marketplace's).
    results = Features(charts=18, prices=5, result_blocks=70, list_items=40)
    assert "stats:3+ charts" not in _fired(results)
    products = Features(charts=4, prices=12, list_items=12)
    assert "stats:3+ charts" not in _fired(products)
