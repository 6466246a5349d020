"""What the page type is read from: counts of a page's controls, blocks and words (its
``Features``), from the records of a read and the walker's whole-page tally."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from axsnap_host.models.field_secrets import names_other_secret
from axsnap_host.semantic.account_forms import (
    CARD,
    CONFIRM,
    new_account,
    password_forms,
    sign_in_button,
)
from axsnap_host.semantic.code_listings import listed_code_lines
from axsnap_host.semantic.control_words import (
    MESSAGE_BOX,
    PLACE_ORDER,
    REPLY,
    adds_another,
    puts_in_cart,
    saves_changes,
    writes_mail,
)
from axsnap_host.semantic.current_item import current_items
from axsnap_host.semantic.drawn_charts import drawn_chart
from axsnap_host.semantic.elements import Element
from axsnap_host.semantic.facts import Node, PageFacts
from axsnap_host.semantic.foot_forms import login_depth
from axsnap_host.semantic.keywords import PAY_BY, TO_CHECKOUT
from axsnap_host.semantic.mail_heads import names_sender_and_subject
from axsnap_host.semantic.page_tally import above_heading, own_heading, whole_page
from axsnap_host.semantic.page_words import in_a_menu
from axsnap_host.semantic.prose_counts import ProseCounts
from axsnap_host.semantic.row_controls import check_grid_rows, in_task_list, is_switch, row_of
from axsnap_host.semantic.search_boxes import (
    SEARCH_WORD,
    field_words,
    form_buttons,
    holds_query,
    is_search_box,
    searched_by_button,
)
from axsnap_host.semantic.search_echo import echoed_queries
from axsnap_host.semantic.titles import split_title
from axsnap_host.semantic.unseen_fields import drawn_kinds, off_canvas, range_ends

_NAMING_TAGS = frozenset({"h1", "h2", "h3", "h4", "label", "legend", "th", "button", "caption"})
_PRICE = re.compile(r"(?:[$€£¥₫₹₩₽₺₱]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|₫|円|元|usd|eur|vnd))", re.I)
_METRIC = re.compile(r"^[+\-]?[$€£¥]?\d[\d.,]*\s?(?:%|k|m|bn|ms|s)?$", re.I)
_ADDRESS = re.compile(r"address|street|zip|postal|city|地址|địa chỉ|dirección|adresse|住所", re.I)
_PERSON_NAME = re.compile(r"\b(full|first|last|given|family|sur|your)[ _-]?name\b|^name$|"
                          r"^(given|family|additional)-name$|姓名|họ tên|nombre|vorname", re.I)
_TERMS = re.compile(r"\bagree|\bterms\b|conditions|privacy policy|同意|điều khoản|acepto|"
                    r"\bagb\b|j'accepte|利用規約", re.I)
_ACCOUNT = re.compile(r"e-?mail|phone|user ?name|login|benutzername|correo|courriel|"
                      r"identifiant|メール|邮箱|手机|số điện thoại", re.I)
_SELECT_WORD = re.compile(r"\s*(?:select|choose|mark|check|toggle|pick)(?!\w)", re.I)
_FIELD_KINDS = frozenset({"text_input", "password_input", "textarea", "select"})
# A password change: the account's current password asked beside a new one (settings, no sign-up).
_CURRENT = re.compile(r"(?<!\w)(?:current|old|existing|present|actual|aktuelles?|altes?|actuel|"
                      r"ancien)(?!\w)|当前|原密码|旧密码|hiện tại|mật khẩu cũ|現在", re.I)
# A field that asks for a password by its words, whatever its type (a template's sign-in box
# typed "email" under the placeholder "Password"): short words, no address or user name asked.
_PASSWORD_WORD = re.compile(r"(?<!\w)(?:password|passwort|mot de passe|contraseña|senha|"
                            r"mật khẩu)(?!\w)|密码|パスワード", re.I)
_NOT_PASSWORD = re.compile(r"e-?mail|user|login|name|address|forgot|lost|recover|reset|hint", re.I)
# How many of a thing a person wants (a cart's line beside its price).
_QUANTITY = re.compile(r"(?<![^\W\d_])(?:qty|quantity|quantité|cantidad|menge|anzahl|số lượng)"
                       r"(?![^\W\d_])|数量|個数", re.I)
# (a placeholder asks to add one: "Add a recipient", a chips box's, design note 297)
_ADD = r"(?:(?:add|enter|type) (?:an? |the |more )?)?"
# (whom "To" names: a site's messages pick a member under "To user", design note 355)
_WHOM = r"(?:[ _](?:users?|members?|contacts?|people))?"
_TO_SUBJECT = re.compile(rf"^{_ADD}(to{_WHOM}|cc|bcc|subject|recipients?)$|收件人|主题|người nhận|"
                         r"tiêu đề|asunto|betreff|empfänger|destinataire|objet|宛先|件名", re.I)
# Whom a message goes to: a mail being written names them, a contact form's site is the one.
_RECIPIENT = re.compile(rf"^{_ADD}(to{_WHOM}|cc|bcc|recipients?)$|收件人|người nhận|empfänger|"
                        r"destinataire|宛先", re.I)


@dataclass
class Features:
    passwords: int = 0
    text_inputs: int = 0
    search_inputs: int = 0
    search_named: int = 0  # text fields named or labelled "search" but not typed or named so
    queries: int = 0  # search boxes holding a query
    search_in_front: bool = False  # a search holding a query open over the page (note 276)
    filled: int = 0  # other text fields holding a value (what is saved, being edited)
    textareas: int = 0
    checkboxes: int = 0
    radios: int = 0
    selects: int = 0
    buttons: int = 0
    links: int = 0
    card_fields: int = 0
    name_fields: int = 0
    terms: bool = False
    confirm: bool = False
    div_rows: int = 0
    long_pre: int = 0
    listed_code: int = 0  # a source file's numbered lines the page lists (code_listings.py)
    long_items: int = 0
    widgets: int = 0
    action_rows: int = 0
    column_heads: int = 0  # the most named <th>s in one table row (the walker's tally)
    mail_heads: bool = False  # a table's heads name a mail's sender and subject (mail_heads.py)
    heading_cards: int = 0  # headings of alike cards, 4+ siblings (the walker's tally)
    prose_run: int = 0  # the most long paragraphs under one parent (the walker's tally)
    prose_sections: int = 0  # unlinked headings each over prose of its own (the walker's tally)
    teaser_heads: int = 0  # linked headings over a short paragraph of their own (the tally)
    list_cards: int = 0  # 3+ alike short cards, each a title, holding the prose (the tally)
    post_bylines: int = 0  # 3+ alike posts, each a title over a byline, holding the prose
    article_posts: int = 0  # 4+ <article>s holding prose, none half of it (tally_articles.js)
    dated_headlines: int = 0  # 3+ linked headlines, each beside a line of its date (the tally)
    own_dated: int = 0  # 1: a line of a date right under the page's own heading (the tally)
    titled_items: int = 0  # 5+ alike short boxes, each a linked heading and a control (tally)
    described_items: int = 0  # 5+ alike items, each a linked title over its paragraph (tally)
    quantity_fields: int = 0  # fields asking how many, in a table row or alike row (a cart's)
    account_fields: int = 0  # text fields asking for an address, a phone or a user name
    forms: int = 0  # forms a person can fill in (the walker's count over the whole page)
    address_fields: int = 0
    to_subject: int = 0
    recipients: int = 0  # fields naming whom a message goes to (to, cc, bcc)
    switches: int = 0  # settings drawn as switches, out of the chrome and records' rows (note 293)
    check_grid_rows: int = 0  # table rows of 2+ checkboxes and no link (the walker's tally)
    removable_rows: int = 0  # rows of a price and a control taking them out (the walker's tally)
    wizard_steps: int = 0  # distinct "Step N" tabs, items or headings (the walker's tally)
    task_checkboxes: int = 0  # checkboxes in a box headed as tasks (row_controls.in_task_list)
    place_order: int = 0  # controls that place the order or pay ("Place order", "Pay now")
    to_checkout: int = 0  # controls that go on to the checkout ("Proceed to Checkout")
    to_cart: int = 0  # controls that put a product in the cart ("Add to cart", "Buy Now")
    quantity_asked: int = 0  # text fields asking how many, in a row or not
    payment_choices: int = 0  # radios naming a way to pay ("PayPal", "Debit card", "UPI")
    save_changes: int = 0  # controls that keep a form's changes ("Save Changes")
    add_another: int = 0  # "Save and add another": a form adding records (note 279)
    new_account: bool = False  # a user name and an email asked beside one password, in a form
    sign_in_button: bool = False  # a form of one password whose buttons say signing in
    settings_headings: int = 0  # headings that are only a settings page's words (the tally)
    wishlist_headings: int = 0  # headings that are only a wishlist's words (the tally)
    figure_tiles: int = 0  # a figure over a few words, alone in their box (the tally)
    results_for: int = 0  # a line counting a search's results for a query (the tally)
    results_under_search: int = 0  # a line counting results after the content's search box
    buyable_rows: int = 0  # rows of a price and an add-to-cart control (the tally)
    locked_fields: int = 0  # text fields a person cannot change (disabled, read-only)
    newsletter_fields: int = 0  # a form's one field under subscribe words (the walker's)
    compose: int = 0  # buttons or links that write a new message
    reply: int = 0  # buttons or links that answer or pass on the open message
    message_boxes: int = 0  # boxes to write in asking a comment or a message (MESSAGE_BOX)
    captcha: bool = False
    list_items: int = 0
    linked_items: int = 0
    long_blocks: int = 0
    paragraphs: int = 0
    text_chars: int = 0
    tables: int = 0
    rows: int = 0
    table_rows_max: int = -1  # the most rows one shown table holds (tally_tables.js); -1: none said
    stat_rows: int = 0  # table rows of a label and its figure (tally_tables.js: status panels)
    figure_rows: int = 0  # table rows of figures, more than words (tally_tables.js: note 274)
    figure_tables: int = 0  # tables holding three rows of figures or more (tally_tables.js)
    figure_items: int = 0  # list items whose line is a label and its figure (tally_tables.js)
    figure_labels: int = 0  # boxes of a few words and a figure, any figure (tally_words.js)
    row_checkboxes: int = 0
    result_blocks: int = 0
    articles: int = 0
    charts: int = 0
    metrics: int = 0
    prices: int = 0
    sidebar: bool = False
    page_screens: float = 1.0
    login_forms: int = 0  # forms holding one password field and no confirmation
    login_depth: float = 0.0  # screens of the page above the first of them (the tally), 0 none
    signup_forms: int = 0  # forms holding two password fields or more (a new one, again)
    sign_in_first: bool = False  # a sign-in form before a sign-up form (account_forms.py)
    current_password: bool = False  # a password field asking for the current one
    title: str = ""  # the title's own words (no product name), lower-cased
    own_heading: str = ""  # the page's first <h1> out of links and bars (the walker's tally)
    current_item: str = ""  # the menu items marked current or selected (current_item.py)
    lead_links: int = 0  # links a person passes before it, out of the bars (the tally)
    text: str = ""
    said: str = ""  # the page's words but its links' (a menu's "Billing" names another page)
    url: str = ""
    host: str = ""
    words: dict[str, list[str]] = field(default_factory=dict)


def features(facts: PageFacts, elements: list[Element], hiding: list[list[str]],
             region_kinds: set[str]) -> Features:
    # (a product's name in the title, "Admin Dashboard Template", is on its every page)
    own_title, product = split_title(facts.title)
    # (the fields drawn above the page's own heading under the site's menus are the site's)
    top = facts.tally.get("own_heading_top")
    elements = [el for el in elements if not above_heading(el, top)]
    f = Features(url=facts.url, host=urlsplit(facts.url).hostname or "", title=own_title.lower())
    words: list[str] = [own_title]
    unlinked: list[str] = [own_title]
    heading = ""  # the page's first heading out of the chrome
    forms = password_forms(facts, elements)
    f.login_forms, f.signup_forms, f.sign_in_first = forms.login, forms.signup, forms.sign_in_first
    f.new_account = new_account(facts, elements)
    f.sign_in_button = sign_in_button(facts, elements, _asks_password)
    grid = check_grid_rows(facts, elements)
    headings: dict[int, int | None] = {}  # a box's first heading (in_task_list)
    f.check_grid_rows = len(grid)
    form_parts = form_buttons(facts, elements)  # (each field's and button's form, read once)
    echoed = echoed_queries(facts, elements, form_parts)  # (boxes the words a heading says again)
    by_button = searched_by_button(elements, form_parts)  # (a form's one field beside "Search")
    ends = range_ends(elements, facts)  # ("From" [date] "To" [date]: no recipient, no query)
    drawn = drawn_kinds(elements, facts)  # (a drop-down a script draws is one select)
    for el in elements:
        kind, node = drawn.get(el.node.rid, el.kind), el.node
        if off_canvas(el, facts) or kind is None:
            continue  # (a panel slid in by a button: no one sees it yet; a drop-down's part)
        name = field_words(el)
        if kind == "password_input" and CARD.search(name):
            f.card_fields += 1
        elif kind == "password_input" and (names_other_secret(name) or _locked(node)):
            # (a key's passphrase, a one-time code, a token: a field asked, no password of the
            # account; a read-only one asks nothing: models/field_secrets.py, note 303)
            f.text_inputs += 1
            f.locked_fields += _locked(node)
        elif kind == "password_input":
            f.passwords += 1
            f.confirm = f.confirm or bool(CONFIRM.search(_shown_or_named(el, name)))
            # (its words, not its autocomplete token: a sign-in field is "current-password")
            f.current_password = f.current_password or bool(_CURRENT.search(" ".join((
                el.source.aria, el.source.text, el.source.hint, el.source.name,
                node.attrs.get("id", "")))))
        elif kind == "text_input" and _asks_password(el):
            f.passwords += 1
            # (typed as text until a script makes it a password field: its words say it is
            # the password asked again)
            f.confirm = f.confirm or bool(CONFIRM.search(_shown_or_named(el, name)))
        elif kind == "text_input":
            # (a field whose words ask what to search for, in a form or holding a query:
            # "Wonach suchen Sie?" over a shop's results)
            searchy = is_search_box(el, echoed, by_button) and node.rid not in ends
            f.search_inputs += searchy
            f.queries += searchy and holds_query(el, echoed)
            f.text_inputs += not searchy
            f.filled += not searchy and _holds_value(node.value or "", el)
            f.locked_fields += not searchy and _locked(node)
            f.account_fields += not searchy and bool(
                node.attrs.get("type") == "email"
                or node.attrs.get("autocomplete", "").lower() in ("username", "email", "tel")
                or _ACCOUNT.search(" ".join((el.source.text, el.source.hint, el.source.name))))
            f.search_named += not searchy and bool(SEARCH_WORD.search(name))
        f.textareas += kind == "textarea"
        f.message_boxes += kind == "textarea" and any(
            MESSAGE_BOX.search(w) for w in (el.source.aria, el.source.text, el.source.hint))
        f.checkboxes += kind == "checkbox"
        f.radios += kind == "radio"
        f.selects += kind == "select"
        f.buttons += kind == "button"
        f.links += kind == "link"
        if kind == "text_input" and el.place.startswith("row") and (
                node.attrs.get("type") == "number" or _QUANTITY.search(name)):
            f.quantity_fields += 1
        f.quantity_asked += kind == "text_input" and bool(
            _QUANTITY.search(f"{name} {node.attrs.get('name', '')}"))
        f.payment_choices += kind == "radio" and bool(PAY_BY.search(el.source.text
                                                                    or el.source.aria))
        if kind == "text_input":
            # (a placeholder asks for a name as a label does: "First Name")
            f.name_fields += bool(_PERSON_NAME.search(el.source.text.strip().rstrip(":*"))
                                  or _PERSON_NAME.search(el.source.hint.strip().rstrip(":*"))
                                  or _PERSON_NAME.search(el.source.name)
                                  or _PERSON_NAME.search(node.attrs.get("autocomplete", "")))
        if kind == "checkbox":
            f.terms = f.terms or bool(_TERMS.search(_shown_or_named(el, name)))
        if kind in ("text_input", "select"):
            f.card_fields += bool(CARD.search(name))
            f.address_fields += bool(_ADDRESS.search(name))
            said = (el.source.text.strip().rstrip(":"), el.source.name, el.source.aria,
                    el.source.hint)
            f.to_subject += node.rid not in ends and any(_TO_SUBJECT.search(s) for s in said)
            f.recipients += node.rid not in ends and any(_RECIPIENT.search(s) for s in said)
        # (a switch, a grid's checkbox or a task's tick is no row's selector)
        task = kind == "checkbox" and in_task_list(el, facts, headings)
        f.task_checkboxes += task
        if el.place.startswith("row_") and kind == "checkbox" and not _toggle_words(el) and not (
                is_switch(el, facts) or row_of(el, facts) in grid or task):
            f.row_checkboxes += 1
        if kind in ("button", "link", "tab", "menu_item"):
            words.append(el.source.text or el.source.aria)
            if kind == "button":
                unlinked.append(el.source.text or el.source.aria)
            f.compose += writes_mail(el.source.text or el.source.aria)
            f.place_order += bool(PLACE_ORDER.match((el.source.text or el.source.aria).strip()))
            f.to_cart += puts_in_cart(el.source.text or el.source.aria)
            f.save_changes += saves_changes(el.source.text or el.source.aria)
            f.add_another += adds_another(el.source.text or el.source.aria)
            f.reply += bool(REPLY.search(el.source.text or el.source.aria))
        else:
            words.extend((el.source.text, el.source.hint))
            if kind in _FIELD_KINDS:  # (a menu's toggle is named by its menu's links)
                unlinked.extend((el.source.text, el.source.hint))
    sizes = sorted(n.font_size for n in facts.nodes if n.block and n.font_size > 0)
    base_font = sizes[len(sizes) // 2] if sizes else 16.0
    controls = {el.node.rid for el in elements}
    prose = ProseCounts(facts)  # (a repeated text, teasers, counts once)
    for node in facts.nodes:
        if hiding[node.rid]:
            continue
        tag = node.tag
        low = (node.attrs.get("class", "") + node.attrs.get("id", "")).lower()
        f.captcha = f.captcha or "captcha" in low or "captcha" in node.attrs.get("src", "")
        above = facts.ancestors(node)
        chrome = any(a.in_page_chrome for a in above)
        if tag == "li" and not chrome and not in_a_menu(node, facts):
            links = [facts.nodes[c] for c in node.children if facts.nodes[c].tag == "a"]
            # (a table of contents' entries are the document's parts, no list's items: the
            # walker marks each link to a place here, as its whole-page tally counts them)
            contents = bool(links) and all(a.place_here for a in links)
            f.list_items += not contents
            f.linked_items += bool(links) and not contents
        f.tables += tag == "table"
        f.mail_heads = f.mail_heads or ((tag == "tr" or node.role == "row")
                                        and names_sender_and_subject(node, facts))
        f.rows += tag == "tr"
        f.articles += tag == "article"
        f.charts += drawn_chart(node, facts, above, chrome)  # (drawn_charts.py)
        prose.add(f, node)
        text = node.text.strip()
        if text and len(text) <= 24:
            f.metrics += bool(_METRIC.match(text)) and _looks_like_metric(
                node, facts, controls, base_font)
            f.prices += bool(_PRICE.search(text))
        if tag in _NAMING_TAGS or (text and len(text) <= 60):
            words.append(text)
            # (the chrome's lists are menus: their words are their links', a submenu's too)
            menu_item = chrome and (tag in ("ul", "ol", "li", "menu") or any(
                facts.nodes[c].tag == "a" for c in node.children))
            if tag != "a" and not any(a.tag == "a" for a in above) and not menu_item:
                unlinked.append(_minus_links(text, node, facts))
        # (a heading's own anchor, "¶", leads to its place on this page: no result's link; a
        # heading in the site's navigation is a menu's, note 145)
        if tag in ("h2", "h3") and node.children and not any(
                a.tag == "nav" or a.role == "navigation" for a in above) and any(
                facts.nodes[c].tag == "a" and not facts.nodes[c].place_here for c in node.children):
            f.result_blocks += 1
        if not heading and tag in ("h1", "h2", "h3") and not chrome:
            heading = text
    # A title whose product name was taken out says little or nothing of its page: the page's
    # first heading names it ("General Tables" under "Concept - ... Admin Dashboard Template").
    if product and heading:
        f.title = f"{f.title} - {heading.lower()}".strip(" -")
    whole_page(f, facts.tally)
    f.listed_code = listed_code_lines(facts)
    own_heading(f, facts.tally, words, unlinked)
    # (a password change below the first screen: its current-password field is the page's too)
    current = facts.tally.get("current_passwords")
    f.current_password = f.current_password or (isinstance(current, int) and current >= 1)
    # A mail client's Reply below the first screen is still the page's: its shown controls.
    for label in facts.tally.get("control_labels") or []:
        if isinstance(label, str):
            f.compose = max(f.compose, int(writes_mail(label)))
            f.reply = max(f.reply, int(bool(REPLY.search(label))))
            f.place_order = max(f.place_order, int(bool(PLACE_ORDER.match(label.strip()))))
            f.to_checkout = max(f.to_checkout, int(bool(TO_CHECKOUT.fullmatch(label.strip()))))
            f.save_changes = max(f.save_changes, int(saves_changes(label)))
            f.add_another = max(f.add_another, int(adds_another(label)))
    f.sidebar = "sidebar" in region_kinds
    f.current_item = current_items(facts, elements)
    page_h, view_h = facts.page_size[1], facts.viewport[1]
    f.page_screens = page_h / view_h if view_h > 0 and page_h > 0 else 1.0
    f.login_depth = login_depth(facts.tally, view_h)
    f.text = " \n ".join(w for w in words if w).lower()
    f.said = " \n ".join(w for w in unlinked if w).lower()
    return f


def _locked(node: Node) -> bool:
    """A field a person cannot change (disabled, read-only): it asks nothing."""
    return bool(node.disabled or "disabled" in node.attrs or "readonly" in node.attrs)


def _minus_links(text: str, node: Node, facts: PageFacts) -> str:
    """A block's words without its links' ("Don't have an account? <a>Register</a>" says
    "Don't have an account?"): a link's words name another page, not this one."""
    for child in node.children:
        link = facts.nodes[child]
        if link.tag == "a" and link.text.strip():
            text = text.replace(link.text.strip(), " ", 1)
    return text


def _toggle_words(el: Element) -> bool:
    """A checkbox with a sentence of its own ("Email me when someone follows me") is a
    setting's toggle; a row's selector is named by its row, or "Select"."""
    said = (el.source.text or el.source.aria).strip()
    return len(said.split()) >= 4 and not _SELECT_WORD.match(said)


def _holds_value(value: str, el: Element) -> bool:
    """A field holds a value unless it is the field's own words written into it ("Your e-mail
    address" as the value and the placeholder: a page written before placeholders, whose script
    clears it on focus): its prompt is nothing saved."""
    value = value.strip().lower()
    return bool(value) and value not in {
        w.strip().lower() for w in (el.source.hint, el.source.aria, el.source.text)}


def _shown_or_named(el: Element, name: str) -> str:
    """The words a field shows a person (its label, aria-label, placeholder), or, when it shows
    none, all its words with its name and id. A sign-in's password labelled "Password" is no
    confirmation for its id "confirm-password", nor its "Remember me" box terms for the id
    "agree": a template copied from its sign-up keeps the ids, a person reads the words."""
    shown = " ".join(filter(None, (el.source.aria, el.source.text, el.source.hint))).strip()
    return shown or name


def _asks_password(el: Element) -> bool:
    """A text field whose own words (label, placeholder, aria) ask for a password only: short
    together, or each saying it ("New Password Confirmation" beside "Enter your new password
    again": long together; a sample field's "Jane Doe" beside "Your password is strong." asks a
    name)."""
    said = [s for s in (" ".join(w.split()) for w in (el.source.aria, el.source.text,
                                                     el.source.hint)) if s]
    joined = " ".join(said)
    short = 0 < len(joined) <= 40 and bool(_PASSWORD_WORD.search(joined))
    each = bool(said) and all(len(s) <= 40 and _PASSWORD_WORD.search(s) for s in said)
    return ((short or each) and not _NOT_PASSWORD.search(joined)
            and el.node.attrs.get("type", "text") in ("text", "email", ""))


_METRIC_NOT_IN = frozenset({"a", "button", "td", "th", "li", "option", "label", "select", "time"})
def _looks_like_metric(node: Node, facts: PageFacts, controls: set[int],
                       base_font: float) -> bool:
    """A number shown as a figure: bigger or bolder than the page's text, and no control, link,
    table cell, list item or label (those are counts, ids, prices in a table, page numbers)."""
    if node.rid in controls or node.reasons or node.tag in _METRIC_NOT_IN:
        return False
    if any(a.tag in _METRIC_NOT_IN or a.rid in controls for a in facts.ancestors(node)[:6]):
        return False
    size = node.font_size if node.font_size_known else base_font
    return size >= 1.4 * base_font or (node.font_weight >= 600 and size >= 1.15 * base_font)
