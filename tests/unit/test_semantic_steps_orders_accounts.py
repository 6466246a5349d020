"""Rules from the sixteenth held-out set's misses (issue 31), on a page's features: a checkout
step placed by its button, a form in numbered steps, a new account's user name and email beside
one password, a dashboard's panels read from three figures or three stat widgets."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify


def _signals(f: Features) -> str:
    return " ".join(str(s["signal"]) for s in classify(f)[2])


def test_fields_beside_a_place_order_control_and_a_price_are_a_checkout() -> None:
    billing = Features(text_inputs=4, name_fields=2, account_fields=2, textareas=1, prices=4,
                       place_order=1, text="billing information\nplace order\ntotal")
    kind, _, signals = classify(billing)
    assert kind == "checkout", signals[:4]
    # (no price: a form that submits an order of no goods is no checkout step)
    assert "places the order" not in _signals(Features(text_inputs=4, place_order=1))


def test_fields_under_numbered_steps_are_a_form_and_their_menus_no_list() -> None:
    wizard = Features(text_inputs=3, selects=2, wizard_steps=3, list_items=11, linked_items=11,
                      text="steps 01\nsteps 02\nsteps 03\nnext steps")
    kind, _, signals = classify(wizard)
    assert kind == "form", signals[:4]
    assert "8+ list items" not in _signals(wizard)
    # (a story's "Step 1", "Step 2" beside a newsletter box: prose, no wizard)
    howto = Features(text_inputs=3, wizard_steps=4, long_blocks=6, paragraphs=8)
    assert "numbered steps" not in _signals(howto)


def test_a_user_name_and_an_email_beside_one_password_are_a_new_account() -> None:
    signup = Features(passwords=1, text_inputs=2, account_fields=2, new_account=True,
                      title="register", text="register\nlogin\nremember me")
    kind, _, signals = classify(signup)
    assert kind == "register", signals[:4]
    signin = Features(passwords=1, text_inputs=1, account_fields=1, text="login\nremember me")
    assert classify(signin)[0] == "login"


def test_three_figures_under_a_dashboard_title_or_stat_widgets_by_a_side_menu_are_panels() -> None:
    member = Features(metrics=3, title="dashboard", list_items=10, linked_items=10, prices=5,
                      tables=1, rows=6, text="dashboard\noverview")
    kind, _, signals = classify(member)
    assert kind == "dashboard", signals[:4]
    overview = Features(widgets=3, sidebar=True, list_items=9, linked_items=9, tables=1,
                        rows=6, text="dashboard\nrevenue")
    kind, _, signals = classify(overview)
    assert kind == "dashboard", signals[:4]
    # (three stat widgets with no side menu beside a long list: the list's page still)
    shop = Features(widgets=3, list_items=30, linked_items=30, prices=12, text="products")
    assert classify(shop)[0] == "list"
