"""Rules from the seventeenth held-out set's misses (issue 31), on a page's features: a heading
naming settings over fields, a line counting results for a query over an empty box, stat tiles
read from figures over a few words, a password reset of a new password asked twice."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify


def _signals(f: Features) -> str:
    return " ".join(str(s["signal"]) for s in classify(f)[2])


def test_fields_under_a_heading_naming_settings_are_settings() -> None:
    page = Features(text_inputs=3, selects=2, account_fields=2, settings_headings=1,
                    list_items=9, text="account settings\nsave changes")
    kind, _, signals = classify(page)
    assert kind == "settings", signals[:4]
    # (the same fields with no such heading: a form to fill in)
    assert classify(Features(text_inputs=3, selects=2, account_fields=2))[0] == "form"


def test_a_line_counting_results_for_a_query_makes_the_items_results() -> None:
    page = Features(text_inputs=2, results_for=1, list_items=12, linked_items=8, prices=8,
                    div_rows=8, text='results for "chairs"\n48 results')
    kind, _, signals = classify(page)
    assert kind == "search_results", signals[:4]
    assert "8+ list items" not in _signals(page)
    # (no box to search: a count of results is a report's line, no search)
    assert "counting results" not in _signals(Features(results_for=1, list_items=12))


def test_three_figures_over_a_few_words_are_a_dashboards_tiles() -> None:
    page = Features(figure_tiles=3, column_heads=5, search_named=1, prices=4, tables=1, rows=5,
                    text="recently applied\nview details")
    kind, _, signals = classify(page)
    assert kind == "dashboard", signals[:4]
    # (beside a password: a sign-in's figures are the site's boasts)
    assert "stat tiles" not in _signals(Features(figure_tiles=3, passwords=1))
    # (beside a box to write a message in under the sender's name and email: a contact page's
    # boasts, "97,354 Companies"; a chat's box alone beside them is a dashboard's panel, note 100)
    assert "stat tiles" not in _signals(Features(figure_tiles=3, text_inputs=3, textareas=1,
                                                 name_fields=1, account_fields=1))


def test_a_new_password_asked_twice_under_reset_words_is_a_reset_form() -> None:
    page = Features(passwords=2, confirm=True, said="reset password\nconfirm password",
                    text="reset password")
    kind, _, signals = classify(page)
    assert kind == "form", signals[:4]
    assert "password confirmation" not in _signals(page)
    # (a name beside them: a sign-up)
    signup = Features(passwords=2, confirm=True, text_inputs=2, name_fields=1,
                      said="sign up\nreset password", text="sign up")
    assert classify(signup)[0] == "register"


def test_priced_rows_that_add_to_the_cart_are_a_wishlist_list() -> None:
    page = Features(buyable_rows=3, prices=6, text_inputs=3, selects=2,
                    text="my wishlist\nadd to cart")
    kind, _, signals = classify(page)
    assert kind == "list", signals[:4]
    # (a query held in the search box: a shop's results, whose rows add to the cart too)
    assert "wishlist" not in _signals(Features(buyable_rows=3, queries=1, search_inputs=1))


def test_a_tables_title_outweighs_a_template_headers_stat_tiles() -> None:
    page = Features(figure_tiles=4, metrics=4, title="tables", rows=12, tables=2,
                    text="tables\ncard tables")
    kind, _, signals = classify(page)
    assert kind == "list", signals[:4]
    assert "stat tiles" not in _signals(page)


def test_a_table_of_named_columns_over_rows_with_actions_is_a_list() -> None:
    page = Features(column_heads=4, action_rows=6, tables=1, rows=7, text="file manager")
    assert "4+ named columns over 5+ rows" in _signals(page)
    # (beside a chart: a dashboard's table is one of its panels)
    assert "named columns" not in _signals(Features(column_heads=4, action_rows=6, charts=1,
                                                    tables=1))
