"""Page type from weighted signals: every type scored 0–1, the signals that fired listed.

Signals carry weights by how much they say: the URL's shape and form features (password
fields, card fields, a captcha) high; element statistics (list items, long text blocks,
table rows, result blocks, metrics) and keywords in seven languages medium; layout (a
sidebar, a short page) low. A type's score is the noisy-or of its fired weights
(1 − Π(1 − w)), so no single weak signal decides and strong ones add up without passing 1.
Below ``UNKNOWN_BELOW`` the page is ``unknown``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from axsnap_host.semantic.elements import Element
from axsnap_host.semantic.facts import Node, PageFacts
from axsnap_host.semantic.keywords import SEARCH_ENGINE_HOSTS, URL_RES, keyword_hits, title_hits

PAGE_TYPES = ("search_engine", "search_results", "login", "register", "form", "article", "list",
              "email_compose", "email_inbox", "dashboard", "settings", "checkout")
UNKNOWN_BELOW = 0.4
KEYWORD_WEIGHT = 0.1
KEYWORD_CAP = 4
_CJK = re.compile(r"[\u3000-\u30ff\uff00-\uffef\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_NAMING_TAGS = frozenset({"h1", "h2", "h3", "h4", "label", "legend", "th", "button", "caption"})
_PRICE = re.compile(r"(?:[$€£¥₫]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|₫|円|元|usd|eur|vnd))", re.I)
_METRIC = re.compile(r"^[+\-]?[$€£¥]?\d[\d.,]*\s?(?:%|k|m|bn|ms|s)?$", re.I)
_CARD = re.compile(r"card|cc-?num|cvv|cvc|csc|expir|卡号|thẻ|tarjeta|karte|carte|カード", re.I)
_ADDRESS = re.compile(r"address|street|zip|postal|city|地址|địa chỉ|dirección|adresse|住所", re.I)
_PERSON_NAME = re.compile(r"\b(full|first|last|given|family|sur|your)[ _-]?name\b|^name$|"
                          r"^(given|family|additional)-name$|姓名|họ tên|nombre|vorname", re.I)
_TERMS = re.compile(r"\bagree|\bterms\b|conditions|privacy policy|同意|điều khoản|acepto|"
                    r"\bagb\b|j'accepte|利用規約", re.I)
_CONFIRM = re.compile(r"confirm|repeat|re-?enter|again|verify|retype|确认|xác nhận|repetir|"
                      r"wiederholen|bestätigen|confirmer|確認", re.I)
# A mail client's own controls: writing a new message, answering the one open in its pane.
_COMPOSE = re.compile(r"(?<!\w)(?:compose|new message|new mail)(?!\w)|写邮件|soạn thư|redactar|"
                      r"verfassen|nouveau message", re.I)
_REPLY = re.compile(r"(?<!\w)(?:reply|reply all|forward)(?!\w)|回复|转发|trả lời|responder|"
                    r"antworten|répondre|返信", re.I)
_SEARCH_WORD = re.compile(r"(?<!\w)search(?!\w)|搜索|tìm kiếm|buscar|suche|rechercher|検索", re.I)
# The page's chrome: its lists are menus, not what the page lists (the walker's tally agrees).
_CHROME_TAGS = frozenset({"nav", "header", "footer", "aside"})
_FIELD_KINDS = frozenset({"text_input", "password_input", "textarea", "select"})
_CHROME_ROLES = frozenset({"navigation", "banner", "contentinfo", "complementary"})
# A password change: the account's current password asked beside a new one (settings, no sign-up).
_CURRENT = re.compile(r"(?<!\w)(?:current|old|existing|present|actual|aktuelles?|altes?|actuel|"
                      r"ancien)(?!\w)|当前|原密码|旧密码|hiện tại|mật khẩu cũ|現在", re.I)
_TO_SUBJECT = re.compile(r"^(to|cc|bcc|subject|recipients?)$|收件人|主题|người nhận|tiêu đề|"
                         r"asunto|betreff|empfänger|destinataire|objet|宛先|件名", re.I)


@dataclass
class Features:
    passwords: int = 0
    text_inputs: int = 0
    search_inputs: int = 0
    search_named: int = 0  # text fields named or labelled "search" but not typed or named so
    queries: int = 0  # search boxes holding a query
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
    long_items: int = 0
    widgets: int = 0
    action_rows: int = 0
    forms: int = 0  # forms a person can fill in (the walker's count over the whole page)
    address_fields: int = 0
    to_subject: int = 0
    compose: int = 0  # buttons or links that write a new message
    reply: int = 0  # buttons or links that answer or pass on the open message
    captcha: bool = False
    list_items: int = 0
    linked_items: int = 0
    long_blocks: int = 0
    paragraphs: int = 0
    text_chars: int = 0
    tables: int = 0
    rows: int = 0
    row_checkboxes: int = 0
    result_blocks: int = 0
    articles: int = 0
    charts: int = 0
    metrics: int = 0
    prices: int = 0
    sidebar: bool = False
    page_screens: float = 1.0
    login_forms: int = 0  # forms holding one password field and no confirmation
    current_password: bool = False  # a password field asking for the current one
    title: str = ""  # the document's title, lower-cased
    text: str = ""
    said: str = ""  # the page's words but its links' (a menu's "Billing" names another page)
    url: str = ""
    host: str = ""
    words: dict[str, list[str]] = field(default_factory=dict)


def reading_length(text: str) -> int:
    """Characters, a CJK character counting twice: Chinese and Japanese say in 100
    characters what English says in about 200."""
    return len(text) + len(_CJK.findall(text))


def features(facts: PageFacts, elements: list[Element], hiding: list[list[str]],
             region_kinds: set[str]) -> Features:
    f = Features(url=facts.url, host=urlsplit(facts.url).hostname or "",
                 title=facts.title.lower())
    words: list[str] = [facts.title]
    unlinked: list[str] = [facts.title]
    f.login_forms = _login_forms(facts, elements)
    for el in elements:
        kind, node = el.kind, el.node
        name = " ".join(filter(None, (el.source.aria, el.source.text, el.source.hint,
                                      el.source.name, node.attrs.get("autocomplete", ""),
                                      node.attrs.get("id", ""))))
        if kind == "password_input" and _CARD.search(name):
            f.card_fields += 1
        elif kind == "password_input":
            f.passwords += 1
            f.confirm = f.confirm or bool(_CONFIRM.search(name))
            # (its words, not its autocomplete token: a sign-in field is "current-password")
            f.current_password = f.current_password or bool(_CURRENT.search(" ".join((
                el.source.aria, el.source.text, el.source.hint, el.source.name,
                node.attrs.get("id", "")))))
        elif kind == "text_input":
            searchy = (node.attrs.get("type") == "search" or node.role == "searchbox"
                       or node.attrs.get("name") in ("q", "query", "search", "wd", "s")
                       or (el.region.startswith("form") and "search" in name.lower()))
            f.search_inputs += searchy
            f.queries += searchy and bool((node.value or "").strip())
            f.text_inputs += not searchy
            f.search_named += not searchy and bool(_SEARCH_WORD.search(name))
        f.textareas += kind == "textarea"
        f.checkboxes += kind == "checkbox"
        f.radios += kind == "radio"
        f.selects += kind == "select"
        f.buttons += kind == "button"
        f.links += kind == "link"
        if kind == "text_input":
            f.name_fields += bool(_PERSON_NAME.search(el.source.text.strip().rstrip(":*"))
                                  or _PERSON_NAME.search(el.source.name)
                                  or _PERSON_NAME.search(node.attrs.get("autocomplete", "")))
        if kind == "checkbox":
            f.terms = f.terms or bool(_TERMS.search(name))
        if kind in ("text_input", "select"):
            f.card_fields += bool(_CARD.search(name))
            f.address_fields += bool(_ADDRESS.search(name))
            f.to_subject += bool(_TO_SUBJECT.search(el.source.text.strip().rstrip(":"))
                                 or _TO_SUBJECT.search(el.source.name)
                                 or _TO_SUBJECT.search(el.source.aria)
                                 or _TO_SUBJECT.search(el.source.hint))
        if el.place.startswith("row_") and kind == "checkbox":
            f.row_checkboxes += 1
        if kind in ("button", "link", "tab", "menu_item"):
            words.append(el.source.text or el.source.aria)
            if kind == "button":
                unlinked.append(el.source.text or el.source.aria)
            f.compose += bool(_COMPOSE.search(el.source.text or el.source.aria))
            f.reply += bool(_REPLY.search(el.source.text or el.source.aria))
        else:
            words.extend((el.source.text, el.source.hint))
            if kind in _FIELD_KINDS:  # (a menu's toggle is named by its menu's links)
                unlinked.extend((el.source.text, el.source.hint))
    sizes = sorted(n.font_size for n in facts.nodes if n.block and n.font_size > 0)
    base_font = sizes[len(sizes) // 2] if sizes else 16.0
    controls = {el.node.rid for el in elements}
    seen_prose: set[tuple[str, str]] = set()  # a repeated text (teasers) counts once
    for node in facts.nodes:
        if hiding[node.rid]:
            continue
        tag = node.tag
        low = (node.attrs.get("class", "") + node.attrs.get("id", "")).lower()
        f.captcha = f.captcha or "captcha" in low or "captcha" in node.attrs.get("src", "")
        above = facts.ancestors(node)
        chrome = any(a.tag in _CHROME_TAGS or a.role in _CHROME_ROLES for a in above)
        if tag == "li" and not chrome:
            f.list_items += 1
            f.linked_items += any(facts.nodes[c].tag == "a" for c in node.children)
        f.tables += tag == "table"
        f.rows += tag == "tr"
        f.articles += tag == "article"
        # a chart: a canvas or svg the size of a figure, out of the chrome and of links and
        # buttons (a logo is an svg too; the walker's tally counts alike over the whole page)
        f.charts += tag in ("svg", "canvas") and node.area >= 15000 and not chrome and not any(
            a.tag in ("a", "button") for a in above)
        weight = reading_length(node.text) if node.block else 0
        if tag in ("p", "blockquote", "dd") and weight >= 100:
            if (tag, node.text.strip()) in seen_prose:
                weight = 0
            seen_prose.add((tag, node.text.strip()))
        if tag in ("p", "blockquote", "dd") and weight >= 200:
            f.long_blocks += 1
        if tag == "p" and weight >= 100:
            f.paragraphs += 1
        if tag in ("p", "blockquote", "li", "dd", "pre"):
            f.text_chars += weight
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
                unlinked.append(text)
        if tag in ("h2", "h3") and node.children and any(
                facts.nodes[c].tag == "a" for c in node.children):
            f.result_blocks += 1
    _whole_page(f, facts.tally)
    # A mail client's Reply below the first screen is still the page's: its shown controls.
    for label in facts.tally.get("control_labels") or []:
        if isinstance(label, str):
            f.compose = max(f.compose, int(bool(_COMPOSE.search(label))))
            f.reply = max(f.reply, int(bool(_REPLY.search(label))))
    f.sidebar = "sidebar" in region_kinds
    page_h, view_h = facts.page_size[1], facts.viewport[1]
    f.page_screens = page_h / view_h if view_h > 0 and page_h > 0 else 1.0
    f.text = " \n ".join(w for w in words if w).lower()
    f.said = " \n ".join(w for w in unlinked if w).lower()
    return f


def _login_forms(facts: PageFacts, elements: list[Element]) -> int:
    """Forms (or form-less groups) with exactly one password field and no confirmation: a
    sign-in form, also when a sign-up form with its own two password fields is beside it."""
    groups: dict[int, list[bool]] = {}
    for el in elements:
        if el.kind != "password_input":
            continue
        name = " ".join((el.source.aria, el.source.text, el.source.hint, el.source.name,
                         el.node.attrs.get("id", "")))
        if _CARD.search(name):
            continue
        form = next((a.rid for a in facts.ancestors(el.node) if a.tag == "form"), -1)
        groups.setdefault(form, []).append(bool(_CONFIRM.search(name)))
    return sum(len(confirms) == 1 and not confirms[0] for confirms in groups.values())


# Words too common in titles to say what a page is for.
_TITLE_SKIP = frozenset({"about", "next", "images", "advertising", "privacy", "updated",
                         "published", "comments", "theme", "language", "sent", "apply",
                         "submit", "cc", "results", "items", "read more"})
TITLE_WEIGHT = 0.3
# What one form of a page of forms is for; on such a page no one of them names the page.
_FORM_PURPOSES = frozenset({"checkout", "register", "login"})


_METRIC_NOT_IN = frozenset({"a", "button", "td", "th", "li", "option", "label", "select", "time"})
_TALLIED = ("passwords", "text_inputs", "search_inputs", "textareas", "selects", "checkboxes",
            "radios", "list_items", "linked_items", "long_blocks", "paragraphs", "text_chars",
            "tables", "rows", "articles", "result_blocks", "row_checkboxes", "div_rows",
            "long_pre", "long_items", "widgets", "action_rows", "charts", "forms")


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


def _whole_page(f: Features, tally: dict[str, object]) -> None:
    """The walker's whole-document counts where they say more than the records (a window
    read holds only the first screen's)."""
    for name in _TALLIED:
        value = tally.get(name)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            setattr(f, name, max(getattr(f, name), int(value)))


def _signals(f: Features) -> list[tuple[str, str, float]]:
    """(type, signal, weight) of every fired signal."""
    out: list[tuple[str, str, float]] = []

    def fire(kind: str, name: str, weight: float, cond: bool) -> None:
        if cond:
            out.append((kind, name, weight))

    path = urlsplit(f.url)
    tail = path.path + ("?" + path.query if path.query else "") + (
        "#" + path.fragment if path.fragment else "")
    for kind, pattern in URL_RES.items():
        hit = pattern.search(tail)
        fire(kind, f"url:{hit.group(0)}" if hit else "url", 0.5, hit is not None)
    fire("search_engine", "url:search engine host", 0.5, bool(SEARCH_ENGINE_HOSTS.search(f.host))
         and path.path in ("", "/") and not path.query)
    inputs = f.text_inputs
    # Form features (high)
    register_words = bool(keyword_hits("register", f.text))
    # The current password beside a new one: an account's password change, no sign-up.
    change = f.current_password and f.passwords >= 2
    confirm = (f.passwords >= 2 or f.confirm) and not change
    # Beside three long blocks of prose a sign-in box is the site's, not what the page is for.
    account = 0.5 if f.long_blocks >= 3 else 1.0
    # Four forms or more, of two purposes or more (a payment, a sign-up, a sign-in): a page of
    # forms, which no one of them names; each purpose's signals count half.
    purposes = sum((f.card_fields >= 1 or f.address_fields >= 2, confirm, f.login_forms >= 1))
    gallery = f.forms >= 4 and purposes >= 2
    fire("form", "form:4+ forms of different purposes (a page of forms)", 0.6, gallery)
    account *= 0.5 if gallery else 1.0
    fire("login", "form:one password field, few inputs", 0.6 * account,
         f.passwords == 1 and inputs <= 2 and not f.name_fields and not confirm)
    fire("register", "form:password confirmation", 0.6 * account, confirm)
    fire("register", "form:password and sign-up words", 0.45 * account,
         f.passwords >= 1 and register_words and not confirm and not change)
    fire("register", "form:password with a name field or terms", 0.35 * account,
         f.passwords >= 1 and bool(f.terms or (f.name_fields and register_words))
         and not change)
    fire("settings", "form:a password change (the current password and a new one)", 0.5,
         change)
    fire("login", "form:a sign-in form beside a sign-up form", 0.5 * account,
         confirm and f.login_forms >= 1 and f.passwords >= 3)
    fire("login", "form:captcha", 0.1, f.captcha and f.passwords >= 1)
    # "Forgot password" beside an address field and no password field: a reset form, whose
    # sign-in words (the link back, the title) say nothing of what the page is for.
    # (a site search box in the top bar is no address field)
    # (said outside links: a menu's "Forgot password" link names another page)
    reset = f.passwords == 0 and 1 <= inputs - f.search_named <= 2 and bool(
        keyword_hits("password_reset", f.said + " " + f.title))
    fire("form", "form:a password reset (an address field, no password field)", 0.6, reset)
    fire("checkout", "form:card fields", 0.6 * (0.5 if gallery else 1.0), f.card_fields >= 1)
    # (on a page of forms the address, the prices and the shipping words are different forms')
    fire("checkout", "form:address fields and prices", 0.35,
         f.address_fields >= 2 and f.prices >= 1 and not gallery)
    # Rows with checkboxes are a mailbox's only with a word of mail; else a table of records.
    mailbox = f.row_checkboxes >= 4 and bool(f.compose or keyword_hits("email_inbox", f.text))
    # (a mailbox's own rows beside it: the mail client's compose box, the page its inbox)
    fire("email_compose", "form:to/subject fields with a message body",
         0.65 * (0.5 if mailbox else 1.0),
         f.to_subject >= 1 and f.textareas >= 1)
    # (said outside links: a menu's "Billing" or "Cart" names another page)
    fire("checkout", "form:address fields with shipping or checkout words", 0.5,
         f.address_fields >= 2 and bool(keyword_hits("checkout", f.said)) and not gallery)
    # On a page its title calls settings the fields are the settings' (a settings page is a form).
    settings_page = bool(title_hits("settings", f.title))
    fire("form", "form:3+ fields, no sign-up, card or message", 0.2 if settings_page else 0.4,
         inputs + f.textareas + f.selects + f.radios // 2 >= 3 and not confirm
         and f.long_blocks < 3
         and not (f.passwords and register_words) and not f.card_fields and not f.to_subject)
    fire("settings", "form:toggles", 0.3, f.checkboxes >= 4 and f.row_checkboxes < 3)
    fire("settings", "form:several selects", 0.2, f.selects >= 2 and not f.card_fields)
    # (an app's top-bar search beside a side menu or a form with a message box is the app's)
    fire("search_engine", "form:a search box and little else", 0.45,
         f.search_inputs >= 1 and f.result_blocks < 3 and f.long_blocks == 0
         and f.rows < 5 and f.div_rows < 8 and not f.sidebar
         and f.list_items < 15 and inputs + f.textareas <= 1 and f.page_screens < 1.6)
    fire("search_results", "form:a search box over results", 0.35,
         f.search_inputs >= 1 and f.result_blocks >= 4)
    fire("search_results", "form:a search box holding a query over results", 0.3,
         f.queries >= 1 and f.result_blocks >= 4)
    # Element statistics (medium)
    fire("search_results", "stats:5+ result blocks", 0.3, f.result_blocks >= 5)
    # A mail client: a compose control and reply or forward controls, no message being written.
    mail = f.compose >= 1 and f.reply >= 1 and not (f.to_subject and f.textareas)
    fire("email_inbox", "app:compose with reply or forward (a mail client)", 0.5, mail)
    # Prose under a search box holding a query and 5+ result headings is the results' snippets;
    # prose beside a mail client's controls is the open message: neither page is an article.
    snippets = f.queries >= 1 and f.result_blocks >= 5
    prose = 0.5 if snippets or mail else 1.0
    fire("article", "stats:3+ long text blocks", 0.45 * prose, f.long_blocks >= 3)
    fire("article", "stats:two long text blocks", 0.3 * prose, f.long_blocks == 2)
    fire("article", "stats:a long text block", 0.15 * prose, f.long_blocks == 1)
    fire("article", "stats:<article>", 0.15, f.articles == 1)
    fire("article", "stats:3+ paragraphs", 0.2 * prose,
         f.paragraphs >= 3 and (not f.passwords or f.long_blocks >= 3))
    fire("article", "stats:1500+ characters of prose", 0.2 * prose, f.text_chars >= 1500)
    fire("article", "stats:a long preformatted document", 0.45, f.long_pre >= 1)
    fire("article", "stats:3+ long list items (prose in bullets)", 0.2 * prose,
         f.long_items >= 3)
    fire("article", "stats:6+ paragraphs", 0.15 * prose,
         f.paragraphs >= 6 and (not f.passwords or f.long_blocks >= 3))
    # The items of a search's results or of a dashboard's widgets are no list page.
    itemized = not (f.search_inputs and f.result_blocks >= 5) and not (
        f.widgets >= 3 and f.metrics >= 4)
    fire("list", "stats:8+ list items", 0.3,
         f.list_items >= 8 and f.long_blocks + f.long_items < 3 and itemized)
    fire("list", "stats:8+ linked list items", 0.2,
         f.linked_items >= 8 and f.long_blocks < 3 and itemized)
    fire("list", "stats:4+ prices", 0.3, f.prices >= 4 and not f.card_fields)
    fire("list", "stats:8+ alike rows with links", 0.3,
         f.div_rows >= 8 and f.long_blocks < 3 and itemized)
    fire("list", "stats:several <article> cards", 0.25, f.articles >= 4)
    fire("email_inbox", "stats:rows with checkboxes", 0.35, mailbox)
    fire("email_inbox", "stats:rows with checkboxes, no word of mail", 0.15,
         f.row_checkboxes >= 4 and not mailbox)
    fire("list", "stats:rows with checkboxes, no word of mail (a table of records)", 0.25,
         f.row_checkboxes >= 4 and not mailbox and f.long_blocks < 3 and itemized)
    fire("email_inbox", "stats:5+ table rows", 0.1, f.rows >= 5)
    fire("dashboard", "stats:4+ metrics", 0.3, f.metrics >= 4)
    fire("dashboard", "stats:charts", 0.3, f.charts >= 1)
    fire("dashboard", "stats:3+ stat or chart widgets", 0.3, f.widgets >= 3)
    fire("list", "stats:5+ table rows with links or buttons", 0.25,
         f.action_rows >= 5 and not mailbox and f.long_blocks < 3 and itemized)
    fire("dashboard", "stats:tables", 0.1, f.tables >= 1 and f.row_checkboxes < 4)
    # A long table of records is a list even when its rows hold no link or button.
    fire("list", "stats:10+ table rows", 0.35,
         f.rows >= 10 and not mailbox and f.long_blocks < 3 and itemized)
    # The title names what the page is for (medium): its type's words, once per type.
    for kind in PAGE_TYPES:
        said = [w for w in title_hits(kind, f.title) if w not in _TITLE_SKIP
                and not (reset and kind == "login")]
        fire(kind, f"title:{said[0]}" if said else "title", TITLE_WEIGHT, bool(said))
    # Keywords (medium, capped)
    for kind in PAGE_TYPES:
        hits = keyword_hits(kind, f.text)[:KEYWORD_CAP] if not (reset and kind == "login") else []
        for word in hits:
            out.append((kind, f"keyword:{word}", KEYWORD_WEIGHT * (
                0.5 if gallery and kind in _FORM_PURPOSES else 1.0)))
    # Layout (low)
    fire("dashboard", "layout:sidebar", 0.05, f.sidebar)
    fire("settings", "layout:sidebar", 0.05, f.sidebar)
    fire("email_inbox", "layout:sidebar", 0.05, f.sidebar)
    fire("article", "layout:long page", 0.05, f.page_screens >= 2)
    fire("login", "layout:short page", 0.05, f.page_screens < 1.3 and f.passwords == 1)
    return out


def classify(f: Features) -> tuple[str, dict[str, float], list[dict[str, object]]]:
    """(type, score per type, fired signals) for a page's features."""
    fired = _signals(f)
    scores: dict[str, float] = {}
    for kind in PAGE_TYPES:
        keep = 1.0
        for k, _, weight in fired:
            if k == kind:
                keep *= 1 - weight
        scores[kind] = round(1 - keep, 3)
    best = max(PAGE_TYPES, key=lambda k: scores[k])
    kind = best if scores[best] >= UNKNOWN_BELOW else "unknown"
    signals = [{"type": k, "signal": name, "weight": w} for k, name, w in fired]
    signals.sort(key=lambda s: (-float(s["weight"]), str(s["type"])))  # type: ignore[arg-type]
    return kind, scores, signals
