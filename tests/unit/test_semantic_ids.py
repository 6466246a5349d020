"""Semantic ids: each naming rule, each conflict rule, CJK and accented labels, stability."""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import cast

from semantic_harness import load, semantic

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.state import TabState
from axsnap_host.semantic.build import build_semantic
from axsnap_host.semantic.facts import Node, PageFacts
from axsnap_host.semantic.id_words import _destination as destination
from axsnap_host.semantic.id_words import (
    path_tail,
    picture_title,
    twin_cells,
    twin_number,
    twin_words,
)
from axsnap_host.semantic.ids import (
    IdSource,
    Placed,
    assign_ids,
    base_id,
    picture_base,
    slug,
)
from axsnap_host.semantic.read_twins import class_token_words, look_tokens, own_name


def test_slug_lowercases_joins_words_and_drops_punctuation() -> None:
    assert slug("Sign in →") == "sign_in"
    assert slug("  Learn   MORE! ") == "learn_more"


def test_slug_says_a_sign_opening_a_number_as_its_word() -> None:
    # (OctoPrint's "Fine adjust" buttons of one heater, told apart only by the sign; note 306)
    assert slug("Fine adjust: -1°C") == "fine_adjust_minus_1_c"
    assert slug("Fine adjust: +1°C") == "fine_adjust_plus_1_c"
    assert slug("Zoom \u221210%") == "zoom_minus_10"
    assert slug("(-5)") == "minus_5"
    # a dash or plus between words and numbers is a break, as before: a date, a range, a zone
    assert slug("2026-12-05") == "2026_12_05"
    assert slug("10-20 items") == "10_20_items"
    assert slug("UTC+2") == "utc_2"
    assert slug("A - 1") == "a_1"
    assert slug("+ Add") == "add"
    assert slug("10'-13'") == "10_13"
    assert slug("heise.de/-2596987") == "heise_de_2596987"


def test_slug_keeps_non_latin_scripts_and_folds_latin_accents() -> None:
    assert slug("登录") == "登录"
    assert slug("ログイン") == "ログイン"
    assert slug("Вход") == "вход"
    assert slug("Đăng nhập") == "dang_nhap"
    assert slug("Connexion à mon compte") == "connexion_a_mon_compte"


def test_slug_keeps_a_quantitys_unit_and_reads_a_lone_number_sign() -> None:
    # (note 218: "250 g" is the quantity, a bare "250" a price or a count; "#" heads a
    # table's numbers)
    assert slug("Colombian filter coffee, 250 g", 4) == "colombian_filter_coffee_250_g"
    assert slug("Colombian filter coffee, 250 grams", 4) == "colombian_filter_coffee_250"
    assert slug("Orders 2026 at home", 2) == "orders_2026"
    assert slug("#") == "number"
    assert slug("# of items") == "of_items"


def test_slug_is_bounded() -> None:
    assert slug("one two three four five six seven") == "one_two_three_four_five"
    assert len(slug("x" * 200)) <= 40


def test_aria_label_comes_first() -> None:
    source = IdSource("button", aria="Close dialog", text="×", hint="Close", name="close")
    assert base_id(source) == "btn_close_dialog"


def test_visible_text_comes_before_placeholder_and_name() -> None:
    assert base_id(IdSource("link", text="Learn more", hint="More", name="m")) == "link_learn_more"


def test_placeholder_or_title_comes_before_name() -> None:
    assert base_id(IdSource("text_input", hint="Search", name="q")) == "input_search"


def test_name_comes_before_type() -> None:
    assert base_id(IdSource("text_input", name="coupon_code", input_type="text")) == \
        "input_coupon_code"


def test_an_unnamed_element_is_named_by_its_row_then_its_region_never_a_counter_first() -> None:
    base = base_id(IdSource("button"))
    placed = [Placed(base, "main", "row_1", ordinal_only=True),
              Placed(base, "main", "row_2", ordinal_only=True),
              Placed(base, "sidebar", ordinal_only=True)]
    assert assign_ids(placed) == ["btn_near_row_1", "btn_near_row_2", "btn_in_sidebar"]


def test_cjk_button_keeps_its_script() -> None:
    assert base_id(IdSource("button", text="登录")) == "btn_登录"


def test_twins_by_their_row_then_region_then_nearby_text_then_order() -> None:
    ids = assign_ids([
        Placed("btn_delete", "main", "order_1001"), Placed("btn_delete", "main", "order_1002"),
        Placed("btn_remove", "main", near="product_a"),
        Placed("btn_remove", "main", near="product_b"),
        Placed("btn_archive", "main", near="x"), Placed("btn_archive", "main", near="x"),
        Placed("link_help", "header"), Placed("link_help", "footer"),
    ])
    assert ids == ["btn_delete_near_order_1001", "btn_delete_near_order_1002",
                   "btn_remove_near_product_a", "btn_remove_near_product_b", "btn_archive_near_x",
                   "btn_archive_near_x_2", "link_help_in_header", "link_help_in_footer"]


def test_a_label_the_page_repeats_is_qualified_even_alone_in_the_read() -> None:
    """A window read with one of the page's "Delete" buttons names it as the whole page does."""
    alone = assign_ids([Placed("btn_delete", "main", "invoice_march", repeated=True)])
    together = assign_ids([Placed("btn_delete", "main", "invoice_march", repeated=True),
                           Placed("btn_delete", "main", "invoice_june", repeated=True)])
    assert alone == together[:1] == ["btn_delete_near_invoice_march"]


def test_a_unique_label_keeps_the_plain_id() -> None:
    assert assign_ids([Placed("btn_save", "main", "x")]) == ["btn_save"]


def test_suffixed_ids_never_collide_with_plain_ones() -> None:
    ids = assign_ids([Placed("btn_a", "", ""), Placed("btn_a", "", ""), Placed("btn_a_2")])
    assert len(set(ids)) == 3


def _ids(result: dict) -> dict[str, dict]:
    return {el["id"]: el for el in result["elements"]}


def test_recorded_page_names_every_element_by_the_rules() -> None:
    els = _ids(semantic("ids"))
    assert els["btn_open_menu"]["label"] == "Open menu"  # aria-label over the ≡ glyph
    assert els["input_search"]["type"] == "text_input"  # placeholder
    assert els["btn_sign_in"]["type"] == "button"
    # Same label, two regions; a shared label outside a row also carries its destination.
    assert els["link_learn_more_in_main_to_more"]["region"] == "main"
    assert els["link_learn_more_in_footer_to_more"]["region"] == "footer"
    assert "btn_登录" in els
    assert "input_coupon_code" in els  # name
    assert "input_gift_message" in els  # title
    assert {"input_email_near_orders", "input_email_near_orders_2"} <= set(els)  # last resort
    assert els["input_postal_code"]["label"] == "Postal code"  # aria-labelledby


def test_recorded_page_resolves_twins_by_row_words_region_and_order() -> None:
    els = _ids(semantic("ids"))
    assert els["btn_delete_near_order_1001"]["relations"]["row"] == 1  # the row's words
    assert els["btn_delete_near_order_1002"]["relations"]["column"] == 2
    assert "btn_delete_in_header" in els
    assert {"btn_remove_near_product_a", "btn_remove_near_product_b"} <= set(els)
    assert {"btn_archive_near_orders", "btn_archive_near_orders_2"} <= set(els)
    assert len(els) == len(semantic("ids")["elements"])  # unique


def test_ids_are_stable_across_reads_and_handles_track_the_revision() -> None:
    state = TabState(1)
    first = semantic("ids", state)
    second = semantic("ids", state)
    assert [e["id"] for e in first["elements"]] == [e["id"] for e in second["elements"]]
    assert {e["handle"]["revision"] for e in second["elements"]} == {2}
    el = _ids(second)["btn_sign_in"]
    assert el["handle"]["semanticId"] == "btn_sign_in" and el["handle"]["backendNodeId"]


def test_ids_do_not_depend_on_backend_node_ids() -> None:
    """A re-render gives new nodes (new backendNodeIds): the same labels keep their ids."""
    capture = load("ids")
    data = copy.deepcopy(capture.model_dump())
    for doc in data["dom_snapshot"]["documents"]:
        doc["nodes"]["backendNodeId"] = [b + 10_000 for b in doc["nodes"]["backendNodeId"]]
    again = build_semantic(RawCapture.model_validate(data), SnapshotOptions(format="semantic"),
                           TabState(1))
    before = build_semantic(capture, SnapshotOptions(format="semantic"), TabState(1))
    assert [e["id"] for e in again["elements"]] == [e["id"] for e in before["elements"]]
    assert [e["handle"]["backendNodeId"] for e in again["elements"]] != \
        [e["handle"]["backendNodeId"] for e in before["elements"]]


def test_a_page_twin_carries_where_it_sits_alone_in_the_read_or_not() -> None:
    """The walker's twin words (read over the whole page) are in the id whether the other
    twin is in the read or not; a row's twin keeps its row words too."""
    top = Placed("link_world", "navigation", repeated=True, mark="to_world", twin="at_nav_top")
    bottom = Placed("link_world", "navigation", repeated=True, mark="to_world",
                    twin="at_nav_bottom")
    alone = assign_ids([top])
    together = assign_ids([top, bottom])
    assert alone == together[:1] == ["link_world_in_navigation_to_world_at_nav_top"]
    assert together[1] == "link_world_in_navigation_to_world_at_nav_bottom"
    share = assign_ids([Placed("btn_share", "main", "email", repeated=True,
                               twin="under_comments")])
    assert share == ["btn_share_near_email_under_comments"]


def test_a_control_inside_its_twin_is_the_inner_one_and_a_box_parts_card_twins() -> None:
    """A link in the scripted span that wraps it (one control listed twice) is ``_inner``, no
    counter; the walker's box words (``for_<card title>``) part the cards' twins."""
    outer = Placed("btn_rating", "main", twin="for_chicken_pate")
    inner = Placed("btn_rating", "main", twin="for_chicken_pate", inner=True)
    other = Placed("btn_rating", "main", twin="for_salmon_chunks")
    assert assign_ids([outer, inner, other]) == [
        "btn_rating_in_main_for_chicken_pate", "btn_rating_in_main_for_chicken_pate_inner",
        "btn_rating_in_main_for_salmon_chunks"]


def test_the_outer_one_keeps_its_card_words_when_it_has_nearby_text_too() -> None:
    """The wrapper of a rating has nearby text (the stars' words); once its inner control is
    ``_inner`` it collides with nothing, so the card's words stay (no ``_near_`` with a counter)."""
    ids = assign_ids([
        Placed("btn_4_6_stars", "main", near="4_6_out", twin="under_chicken_pate"),
        Placed("btn_4_6_stars", "main", near="4_6_out", twin="under_chicken_pate", inner=True),
        Placed("btn_4_6_stars", "main", near="4_6_out", twin="under_salmon_chunks"),
        Placed("btn_4_6_stars", "main", near="4_6_out", twin="under_salmon_chunks", inner=True)])
    assert ids == ["btn_4_6_stars_in_main_under_chicken_pate",
                   "btn_4_6_stars_in_main_under_chicken_pate_inner",
                   "btn_4_6_stars_in_main_under_salmon_chunks",
                   "btn_4_6_stars_in_main_under_salmon_chunks_inner"]


def test_pairs_alike_beyond_their_words_keep_their_inner_ones() -> None:
    """Three column headers "memory", each a focusable ``<th>`` holding its pointer-drawn
    ``<a>`` (scalene's profile: the same control listed twice), in one row near "time": the
    pairs are parted only by their order, and the inner one of each pair stays ``_inner``,
    numbered as its pair (note 328); it was numbered among the outer ones (``_2`` the first
    pair's inner, ``_3`` the second pair's outer)."""
    pair = [Placed("btn_memory", "main", "time"), Placed("btn_memory", "main", "time", inner=True)]
    ids = assign_ids(pair * 3)
    assert ids == ["btn_memory_near_time_in_main", "btn_memory_near_time_in_main_inner",
                   "btn_memory_near_time_in_main_2", "btn_memory_near_time_in_main_inner_2",
                   "btn_memory_near_time_in_main_3", "btn_memory_near_time_in_main_inner_3"]


def test_a_link_with_no_words_is_named_by_where_it_goes() -> None:
    ids = assign_ids([Placed("link", "main", ordinal_only=True, mark="to_twitter_fortune"),
                      Placed("link", "main", ordinal_only=True, mark="to_linkedin_company"),
                      Placed("link", "main", ordinal_only=True)])
    assert ids == ["link_to_twitter_fortune", "link_to_linkedin_company", "link_in_main"]


def test_twin_words_read_the_walkers_box_place() -> None:
    assert twin_words("under:Results|for:Chicken pate for adult cats") == (
        "under_results_for_chicken_pate_for_adult")


def test_a_swatchs_fill_the_walker_parts_twins_by_is_said_as_its_hex_digits() -> None:
    """Swatches a palette names alike ("dark blue" thrice), parted by the walker by their
    palette's heading, then by their exact fill (``fill:<hex>``, note 94 eighth part)."""
    assert twin_words("under:Navbar Color|fill:002b49") == "under_navbar_color_002b49"
    ids = assign_ids([Placed("item_dark_blue", "main", repeated=True,
                             twin=twin_words(f"under:Navbar Color|fill:{fill}"))
                      for fill in ("002b49", "004472")])
    assert ids == ["item_dark_blue_in_main_under_navbar_color_002b49",
                   "item_dark_blue_in_main_under_navbar_color_004472"]


def test_the_side_of_a_list_the_walker_parts_a_pair_by_is_said_as_its_words() -> None:
    """A shop's "Sort by" select above its products and again below them, parted by the walker
    by their side of the list (``side:above list``, note 161): no number."""
    assert twin_words("side:above list") == "above_list"
    ids = assign_ids([Placed("select_sort_by", "main", repeated=True,
                             twin=twin_words(f"side:{side} list")) for side in ("above", "below")])
    assert ids == ["select_sort_by_in_main_above_list", "select_sort_by_in_main_below_list"]


def test_a_grids_column_the_walker_parts_twins_by_is_said_as_its_words() -> None:
    """A roles grid's checkboxes, one a role in each permission's row, parted by the walker
    by their column's header (``col:<words>``, note 102): the id says the role."""
    ids = assign_ids([Placed("checkbox_tickets", "main", repeated=True, mark="at_roles",
                             twin=twin_words(f"col:{role}")) for role in ("captain", "purser")])
    assert ids == ["checkbox_tickets_in_main_at_roles_captain",
                   "checkbox_tickets_in_main_at_roles_purser"]


def test_a_reference_the_walker_parts_twins_by_is_said_as_its_words() -> None:
    """A page tree laid out by columns: each "Edit" cell ties itself by id to its page's item
    in the tree (``ref:<words>``, note 270), the one thing that parts them: the id says the
    page, no number."""
    assert twin_words("ref:About us") == "about_us"
    ids = assign_ids([Placed("link_edit", "main", repeated=True, mark="to_edit",
                             twin=twin_words(f"ref:{page}")) for page in ("About us", "Events")])
    assert ids == ["link_edit_in_main_to_edit_about_us", "link_edit_in_main_to_edit_events"]


def test_a_rows_cell_the_walker_parts_twins_by_is_said_as_its_words() -> None:
    """Table rows alike in their first words, parted by the walker over every row of the page
    by a cell (``cell:<words>``): the id says the cell's words as the row's own words are said,
    and the relations report them."""
    tw = "under:Invoices|cell:1 mar 2020"
    assert twin_words(tw) == "under_invoices_1_mar_2020"
    assert twin_cells(tw) == "1_mar_2020"
    assert twin_cells("under:Invoices") == ""
    ids = assign_ids([Placed("link_inv_20", context="team_plan", repeated=True,
                             twin=twin_words("cell:1 mar 2020")),
                      Placed("link_inv_20", context="team_plan", repeated=True,
                             twin=twin_words("cell:1 jan 2020"))])
    assert ids == ["link_inv_20_near_team_plan_1_mar_2020", "link_inv_20_near_team_plan_1_jan_2020"]


def test_rows_alike_in_two_tables_keep_the_cell_the_walker_parted_them_by() -> None:
    """Two rows of one project at two budgets, shown again in a second table alike: each
    pair is a counter's last resort, but its budget stays in its id."""
    rows = [Placed("link_menu", "main", context="react_dashboard", repeated=True, twin=budget)
            for budget in ("4_400_usd", "2_200_usd", "4_400_usd", "2_200_usd")]
    assert assign_ids(rows) == [
        "link_menu_near_react_dashboard_4_400_usd_in_main",
        "link_menu_near_react_dashboard_2_200_usd_in_main",
        "link_menu_near_react_dashboard_4_400_usd_in_main_2",
        "link_menu_near_react_dashboard_2_200_usd_in_main_2"]


def test_a_picture_is_named_for_its_title_unless_its_own_name_differs() -> None:
    """A link that shows no words beside a link with words to its address (the walker's
    ``of:`` part): ``link_for_<title>`` when it has no name or its alt or title attribute says
    the title's words; a name of its own that differs stays."""
    title = "Chicken pate for adult cats"
    assert picture_base(IdSource("link"), title) == "link_for_chicken_pate_for_adult"
    assert picture_base(IdSource("link", text=title), title) == "link_for_chicken_pate_for_adult"
    assert picture_base(IdSource("link", hint="Chicken pate for adult cats, 400 g"),
                        title) == "link_for_chicken_pate_for_adult"  # (the id's words alike)
    assert picture_base(IdSource("link", hint="Photo: a cat eating"), title) == \
        "link_photo_a_cat_eating"
    assert picture_base(IdSource("link"), "") == "link"
    assert picture_title("of:Chicken pate for adult cats|under:news") == title
    assert picture_title("under:news") == ""
    assert twin_words("of:Chicken pate for adult cats|under:news") == "under_news"


def test_a_twins_cell_is_in_its_id_even_when_its_row_words_hold_that_word() -> None:
    """matrix-04: rows alike in two tables, parted by a cell ("5") that is a word of the row's
    own words ("Internet Explorer 5.0"). Whether the words are said is read on the id's parts,
    not its text, so the cell is in the id in every read: alone in the read (the first screen)
    and beside its twin in the other table (the whole page), where only the last resort adds
    to it."""
    def row(version: str, cell: str) -> Placed:
        return Placed("checkbox_trident", "main", context=f"internet_explorer_{version}",
                      repeated=True, twin=cell, row_tail="c")
    alone = assign_ids([row("5_0", "5")])
    assert alone == ["checkbox_trident_near_internet_explorer_5_0_5"]
    whole = assign_ids([row("4_0", "4"), row("5_0", "5"), row("4_0", "4"), row("5_0", "5")])
    assert all(value.startswith("checkbox_trident_near_internet_explorer_") for value in whole)
    assert whole[1].startswith(alone[0]) and whole[3].startswith(alone[0])
    assert whole[0].startswith("checkbox_trident_near_internet_explorer_4_0_4")
    # a row's last cell the twin part ends with is said already (no "_1_mar_2020" twice)
    dated = Placed("link_inv", "main", context="team", repeated=True,
                   twin="under_orders_1_mar_2020", row_tail="1_mar_2020")
    assert assign_ids([dated, dated]) == ["link_inv_near_team_under_orders_1_mar_2020_in_main",
                                          "link_inv_near_team_under_orders_1_mar_2020_in_main_2"]


def test_twins_alike_in_every_place_keep_the_walkers_number_in_every_read() -> None:
    """Rows alike in every word (the walker's "n:<k>/<how many>", read over the whole page):
    each id holds its number from the second on, whichever rows the read holds; a number the
    read gives among its own ids is reported as such."""
    assert twin_number("under:Events|n:3/9") == (3, 9)
    assert twin_number("under:Events|cell:5") == (0, 0)
    rows = [Placed("link_action", "main", context="lorum_ipsum", repeated=True, number=k)
            for k in (1, 2, 3)]
    whole = assign_ids(rows)
    assert whole == ["link_action_near_lorum_ipsum", "link_action_near_lorum_ipsum_2",
                     "link_action_near_lorum_ipsum_3"]
    numbered: list[tuple[int, int]] = []
    assert assign_ids(rows[2:], numbered) == whole[2:] and numbered == [(0, 0)]
    # without the walker's numbers the read numbers them among its own, and says which
    plain = [Placed("btn_reply", "main", near="twins"), Placed("btn_reply", "main", near="twins")]
    assert assign_ids(plain, numbered) == ["btn_reply_near_twins", "btn_reply_near_twins_2"]
    assert numbered == [(1, 2), (2, 2)]


def test_a_wordless_twins_icon_colour_is_said_as_its_words() -> None:
    """The walker parts icons that name nothing (an order's eye, pencil and bin, drawn blue,
    yellow and red) by their colour, "hue:<colour>": the id says the colour's words."""
    assert twin_words("hue:light blue") == "light_blue"
    ids = assign_ids([Placed("link", "main", context="or7546", ordinal_only=True,
                             twin=twin_words(f"hue:{colour}")) for colour in ("blue", "red")])
    assert ids == ["link_near_or7546_blue", "link_near_or7546_red"]


def test_fields_alike_in_label_and_place_are_told_apart_by_their_placeholders() -> None:
    """A form gallery's horizontal form labels two fields "Email", one asking a username: the
    placeholder a person reads in each box parts them, before the nearest text (both near
    "Mobile") would leave them to a counter."""
    ids = assign_ids([Placed("input_email", "form", near="mobile", hint="username"),
                      Placed("input_email", "form", near="mobile", hint="email")])
    assert ids == ["input_email_in_form_username", "input_email_in_form_email"]


def test_a_fields_add_on_and_kind_are_said_as_its_words() -> None:
    """The walker parts fields named alike (or by nothing) by their kind, "as:<type>", and
    their input group's add-on, "with:<words>": the id says the kind alone and "with_" the
    add-on's words."""
    assert twin_words("under:Time and Date|as:date") == "under_time_and_date_date"
    assert twin_words("with:menu after") == "with_menu_after"
    assert twin_words("as:time|with:") == "time"


def test_a_twin_place_its_section_says_already_is_said_once() -> None:
    """A field under its card's heading (its section) whose twin words start with that heading
    says it once: ``..._under_colored_input_groups_with_menu``, not the heading twice."""
    ids = assign_ids([Placed("input_username", "main", section="colored_input_groups",
                             repeated=True, twin=f"under_colored_input_groups_with_{icon}")
                      for icon in ("shield_outline", "menu")])
    assert ids == ["input_username_in_main_under_colored_input_groups_with_shield_outline",
                   "input_username_in_main_under_colored_input_groups_with_menu"]


def test_the_file_a_picture_named_alike_shows_is_said_as_its_words() -> None:
    """The walker parts pictures named alike by the file each shows, "src:<words>"; the id
    says its words alone, before a place that parts pictures showing one file."""
    assert twin_words("src:product1") == "product1"
    assert twin_words("src:profile picture3|under:Team") == "profile_picture3_under_team"
    ids = assign_ids([Placed("img_product_name", "main", repeated=True,
                             twin=twin_words(f"src:product{n}")) for n in (1, 2)])
    assert ids == ["img_product_name_in_main_product1", "img_product_name_in_main_product2"]



def test_a_link_to_a_file_of_this_site_is_said_by_the_file_as_a_picture_is() -> None:
    # a gallery's links to image01.jpg ... image06.jpg of one folder, all "Image": each by its
    # file, a short number with the word before it (the walker's filePlace), never a token
    assert destination("assets/img/blog/image01.jpg") == "blog_image01"
    assert destination("photos/tree-3.png") == "photos_tree3"
    assert path_tail("assets/img/blog/image06.jpg") == "blog_image06"
    # a hash or a long number is no word; a page's name and its place on it as before
    assert destination("/uploads/a8f3e2c9.jpg") == "uploads"
    assert destination("pricing.html#plans") == "pricing_plans"
    assert destination("docs/index.html") == "docs"
    assert destination("docs/my-long-file-name.html") == "docs_my_long"
    assert destination("https://example.org/blog/image01.jpg") == "example_blog"


def test_a_links_path_is_said_by_its_page_where_that_fills_the_words() -> None:
    # (note 218) a wiki's "t" links of its boxes go to pages whose own words fill an id's
    # three: said without the folder every one shares ("wiki_template_talk" twice before)
    assert path_tail("/wiki/Template_talk:Google_Inc.") == "template_talk_google"
    assert path_tail("/wiki/Template_talk:NASDAQ-100") == "template_talk_nasdaq"
    ids = assign_ids([Placed("link_t", "main", repeated=True, path=path_tail(href))
                      for href in ("/wiki/Template_talk:Google_Inc.",
                                   "/wiki/Template_talk:NASDAQ-100")])
    assert ids == ["link_t_to_template_talk_google",
                   "link_t_to_template_talk_nasdaq"], ids
    # a page of fewer words keeps its folder before it, as before
    assert path_tail("/news/astronomie") == "news_astronomie"


def test_rows_alike_in_their_first_and_last_cells_are_told_by_a_middle_cell_with_words() -> None:
    """phpmyadmin-01 (note 222): a table's rows each open with a checkbox and "Edit", and most
    end in an empty note ("NULL"). A row whose last cell is its own keeps it in its id; the
    rows alike in that too are told by their first middle cell that differs and has words (the
    record's name), not by the key's number before it, never by a counter."""
    def row(key: str, name: str, note: str) -> Placed:
        return Placed("checkbox_delete", "main", context="edit", repeated=True,
                      row_tail=note, row_cells=("copy", key, name, "tools"))
    ids = assign_ids([row("1", "cordless_drill", "in_the_case"), row("2", "tile_cutter", "null"),
                      row("3", "bread_maker", "null"), row("4", "lawn_aerator", "null")])
    assert ids == ["checkbox_delete_near_edit_in_the_case",
                   "checkbox_delete_near_edit_tile_cutter",
                   "checkbox_delete_near_edit_bread_maker",
                   "checkbox_delete_near_edit_lawn_aerator"]
    # rows whose differing cells are numbers alone: the first of them
    keyed = assign_ids([row("7", "", "null"), row("8", "", "null")])
    assert keyed == ["checkbox_delete_near_edit_7", "checkbox_delete_near_edit_8"]


def test_long_labels_alike_in_their_first_and_last_words_are_told_where_they_part() -> None:
    """saurus-198 (note 222): two laptops' titles run past what an id holds and end alike ("...
    4GB (1x4GB) DDR"), in rows alike in their words; they part at the processor ("Intel Core
    i3-4030U (1.9GHz" and "i5-4300U (1.9GHz"). Each id says its own words from there, a lone
    number after them left out, no counter."""
    def laptop(cpu: str) -> Placed:
        label = (f'DELL Latitude E5440 14.0" HD (1366X768) Anti-Glare LED, Intel Core {cpu} '
                 "(1.9GHz/3MB), Intel HD 4400, 4GB (1x4GB) DDR")
        return Placed("link_dell_latitude_e5440_14_0", "main", context="3_1600mhz_500gb",
                      repeated=True, tail="4gb_1x4gb_ddr", label_said=label)
    assert assign_ids([laptop("i3-4030U"), laptop("i5-4300U")]) == [
        "link_dell_latitude_e5440_14_0_i3_4030u", "link_dell_latitude_e5440_14_0_i5_4300u"]
    # labels alike in every word: no part of theirs, the last resort numbers them
    same = assign_ids([laptop("i3-4030U"), laptop("i3-4030U")])
    assert same[1] == same[0] + "_2"


def test_twins_the_walker_never_parted_are_said_by_their_column_then_their_own_name() -> None:
    """A row's cells alike in all else that the walker took as no twins (a grid's cells by
    their role) are said by their grid column's header; icons alike, by the words of their own
    markup names less those they share; a number only where neither tells each apart
    (read_twins.py, note 281)."""
    cells = [Placed("btn", "main", context="ridge_w28", ordinal_only=True, column=column)
             for column in ("dataset", "models")]
    assert assign_ids(cells) == ["btn_near_ridge_w28_in_main_dataset",
                               "btn_near_ridge_w28_in_main_models"]
    icons = [Placed("btn_number", "main", near="datetime", own=own) for own in (
        ("radio", "button", "unchecked", "icon"), ("radio", "button", "checked", "icon"))]
    numbered: list[tuple[int, int]] = []
    assert assign_ids(icons, numbered) == ["btn_number_near_datetime_unchecked",
                                           "btn_number_near_datetime_checked"]
    assert numbered == [(0, 0), (0, 0)]
    assert own_name(_node({"data-testid": "RadioButtonCheckedIcon"})) == (
        "radio", "button", "checked", "icon")
    assert own_name(_node({"id": "row-7", "name": "toolbar-separator"})) == ("toolbar",
                                                                             "separator")
    # one with no name of its own, or two with the same: numbered as before
    alike = [Placed("btn", "main", ordinal_only=True, own=own)
             for own in (("toolbar", "separator"), ("toolbar", "separator"))]
    assert assign_ids(alike) == ["btn_in_main", "btn_in_main_2"]
    partly = [Placed("btn", "main", ordinal_only=True, own=own) for own in (("clear",), ())]
    assert assign_ids(partly) == ["btn_in_main", "btn_in_main_2"]


def _node(attrs: dict[str, str]) -> Node:
    return Node(rid=0, parent=-1, tag="svg", attrs=attrs, text="", box=(0, 0, 10, 10))


def test_the_nearest_text_keeps_the_twin_part_the_walker_read() -> None:
    """List items alike in label and place (the same people's avatars in each row of each of
    several demo tables) are parted in one table by the nearest text, their row's project, and
    across tables by the heading the walker found above each, read over the whole page: the
    nearest text no longer replaces it, so no read numbers them and every read says each alike
    (note 291)."""
    avatars = [Placed("item_lilian_fuller", "main", near=row, repeated=True,
                      twin=f"under_{table}")
               for table in ("table_basic", "table_dark") for row in ("tours_project",
                                                                     "sports_project")]
    numbered: list[tuple[int, int]] = []
    assert assign_ids(avatars, numbered) == [
        "item_lilian_fuller_near_tours_project_under_table_basic",
        "item_lilian_fuller_near_sports_project_under_table_basic",
        "item_lilian_fuller_near_tours_project_under_table_dark",
        "item_lilian_fuller_near_sports_project_under_table_dark"]
    assert numbered == [(0, 0)] * 4
    # a read holding one table only says its avatars alike
    assert assign_ids(avatars[2:]) == [
        "item_lilian_fuller_near_tours_project_under_table_dark",
        "item_lilian_fuller_near_sports_project_under_table_dark"]


def test_wordless_twins_the_walker_never_parted_are_said_by_the_icon_their_class_names() -> None:
    """Two buttons over each picture of a post that show no words, one drawn as "restack" and
    one as "view" by their classes (``icon-container restack-image``, ``... view-image``),
    sit in one box: the walker groups each kind apart and parts each group by its picture's
    caption, so the read held the two alike and numbered them. The last class token not
    every twin has, less the words all share, says each (read_parts.py, note 300)."""
    def button(rid: int, look: str) -> Node:
        return Node(rid=rid, parent=-1, tag="button", attrs={"class": look}, text="",
                    box=(0, 0, 10, 10))

    facts = SimpleNamespace(nodes=[
        button(0, "pencraft icon-container restack-image"),
        button(1, "pencraft icon-container view-image"),
        Node(rid=2, parent=-1, tag="button", attrs={"class": "btn active"}, text="",
             box=(0, 0, 10, 10), children=[3]),
        Node(rid=3, parent=2, tag="i", attrs={"class": "ik ik-rotate-cw"}, text="",
             box=(0, 0, 10, 10))])
    looks = [look_tokens(facts.nodes[i], cast(PageFacts, facts)) for i in (0, 1)]
    buttons = [Placed("btn", "main", ordinal_only=True, twin="for_a_well_structured", look=look)
               for look in looks]
    numbered: list[tuple[int, int]] = []
    assert assign_ids(buttons, numbered) == ["btn_in_main_for_a_well_structured_restack",
                                             "btn_in_main_for_a_well_structured_view"]
    assert numbered == [(0, 0), (0, 0)]
    # its icon's class counts too; a state ("active") and a look ("btn") name nothing
    assert look_tokens(facts.nodes[2], cast(PageFacts, facts)) == (
        ("btn", ("btn",)), ("ik", ("ik",)), ("ik-rotate-cw", ("ik", "rotate", "cw")))
    assert class_token_words("hbZSaW") is None and class_token_words("capsHome") == (
        "caps", "home")
    # twins that show words, fields, and classes parting them by a state alone: numbered
    labelled = [Placed("btn_action", "main", repeated=True, look=((c, (c,)),))
                for c in ("primary", "danger")]
    assert assign_ids(labelled) == ["btn_action_in_main", "btn_action_in_main_2"]
    fields = [Placed("textarea", "main", ordinal_only=True, near="from", look=((look, tuple(
        look.split("-"))),)) for look in ("ql-editor", "ql-clipboard")]
    assert assign_ids(fields) == ["textarea_near_from", "textarea_near_from_2"]
    states = [Placed("link", "main", ordinal_only=True, look=(("page-link", ("page", "link")),))
              for _ in range(2)]
    assert assign_ids(states) == ["link_in_main", "link_in_main_2"]
