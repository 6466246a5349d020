"""Intents — what a person can do here, each with the controls that do it — and the summary."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from axsnap_host.semantic.content import Section
from axsnap_host.semantic.elements import Element

_WORDS = {
    "log_in": r"sign in|log in|login|登录|登入|đăng nhập|iniciar sesión|anmelden|einloggen|"
              r"connexion|se connecter|ログイン",
    "register": r"sign up|create (an )?account|register|registration|join now|注册|đăng ký|"
                r"registrarse|regístrate|registrieren|crear cuenta|"
                r"konto erstellen|s'inscrire|créer un compte|新規登録|会員登録|アカウント作成",
    "search": r"search|搜索|百度一下|tìm|buscar|suche|rechercher|検索",
    "filter": r"filter|筛选|lọc|filtrar|filtern|filtrer|絞り込み|category|price range",
    "sort": r"sort|排序|sắp xếp|ordenar|sortier|trier|並べ替え",
    "paginate": r"^(next|previous|prev|older|newer|more results|load more|›|»|‹|«|\d{1,3})$|"
                r"下一页|上一页|trang sau|siguiente|anterior|weiter|zurück|suivant|précédent|"
                r"次へ|前へ",
    "compose": r"compose|new message|写邮件|soạn thư|redactar|verfassen|nouveau message|作成",
    "reply": r"reply|forward|回复|转发|trả lời|responder|antworten|répondre|返信",
    "check_out": r"check ?out|place order|buy now|pay|pay now|proceed to checkout|结算|提交订单|"
                 r"thanh toán|đặt hàng|"
                 r"pagar|realizar pedido|kasse|bestellen|commander|paiement|注文|お支払い",
    "create": r"create|new|add|创建|新建|tạo|crear|nuevo|erstellen|neu|créer|nouveau|作成|新規",
    "change_setting": r"save changes|save settings|update|保存|lưu|guardar|speichern|enregistrer|"
                      r"変更を保存",
    "submit_form": r"submit|send|apply|提交|gửi|enviar|absenden|envoyer|送信|申し込",
}
_LATIN = re.compile(r"[a-z0-9 '?()\\-]+$", re.I)


def _alternatives(pattern: str) -> list[str]:
    """The top-level ``|`` alternatives of a pattern."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(pattern):
        if char == "(" and pattern[i - 1:i] != "\\":
            depth += 1
        elif char == ")" and pattern[i - 1:i] != "\\":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
    return [*parts, pattern[start:]]


def _words_pattern(pattern: str) -> re.Pattern[str]:
    """Latin alternatives as whole words ("registry" is no "register", "PayPal" no "pay",
    "os.getlogin()" no "login"); other scripts as they are (no spaces between words)."""
    bounded = [rf"(?<!\w)(?:{alt})(?!\w)" if _LATIN.match(alt) else alt
               for alt in _alternatives(pattern)]
    return re.compile("|".join(bounded), re.I)


_RES = {name: _words_pattern(p) for name, p in _WORDS.items()}
# What only starts a create control's label: "New issue", "Create project", "Add row".
_CREATE_START = re.compile(r"^\W*(create|new|add)\b", re.I)
_SEND = _words_pattern(r"send|送信|发送|gửi|enviar|senden|envoyer")
TYPE_PHRASES = {
    "search_engine": "a search engine page", "search_results": "a search results page",
    "login": "a login page", "register": "a registration page", "form": "a form page",
    "article": "an article", "list": "a list page", "email_compose": "an email compose page",
    "email_inbox": "an email inbox", "dashboard": "a dashboard", "settings": "a settings page",
    "checkout": "a checkout page", "unknown": "a page",
}
PAGE_INTENTS = {"login": "log_in", "register": "register", "checkout": "check_out",
                "settings": "change_setting", "email_compose": "compose", "form": "submit_form",
                "search_engine": "search", "search_results": "search", "article": "read"}


def _label(el: Element) -> str:
    src = el.source
    return " ".join(filter(None, (src.aria, src.text, src.hint, src.name))).strip()


def find_intents(elements: list[Element], page_type: str) -> list[dict[str, Any]]:
    """Intents in a fixed order, each with the semantic ids of its controls."""
    found: dict[str, list[str]] = {}

    def add(intent: str, el: Element) -> None:
        ids = found.setdefault(intent, [])
        if el.id not in ids:
            ids.append(el.id)

    for el in elements:
        label = _label(el)
        kind = el.kind
        if kind == "password_input":
            add("log_in" if page_type != "register" else "register", el)
        for intent, pattern in _RES.items():
            if intent == "change_setting" and page_type != "settings":
                continue
            if intent == "submit_form" and page_type not in ("form",):
                continue
            if intent == "paginate" and kind not in ("link", "button"):
                continue
            if intent == "create" and (kind not in ("link", "button", "menu_item")
                                       or not (_CREATE_START.search(label)
                                               or not label.isascii())
                                       or _RES["compose"].search(label)):
                continue
            if pattern.search(label) and kind not in ("image", "video"):
                add(intent, el)
        if page_type == "email_compose" and kind == "button" and _SEND.search(label):
            add("compose", el)
        if page_type == "settings" and kind in ("checkbox", "select", "radio"):
            add("change_setting", el)
        if page_type in ("form", "checkout", "register", "email_compose") and kind in (
                "text_input", "textarea", "select", "radio", "checkbox", "file_input"):
            add(PAGE_INTENTS[page_type], el)
        if page_type == "login" and kind == "text_input":
            add("log_in", el)
        if kind == "text_input" and el.node.attrs.get("type") == "search":
            add("search", el)
    if page_type == "article":
        found.setdefault("read", [])
    order = [*_WORDS, "read"]
    primary = PAGE_INTENTS.get(page_type)
    if primary in found:
        order.remove(primary)
        order.insert(0, primary)
    return [{"intent": name, "controls": found[name]} for name in order if name in found]


def summarize(page_type: str, title: str, url: str, intents: list[dict[str, Any]],
              content: list[Section], elements: int) -> str:
    """One sentence a model can start from (hidden text never reaches it: content has none)."""
    host = urlsplit(url).hostname or url
    what = TYPE_PHRASES.get(page_type, "a page")
    named = f' "{title.strip()[:80]}"' if title.strip() else ""
    can = ", ".join(i["intent"].replace("_", " ") for i in intents[:4])
    lead = next((s.text for s in content if s.node.tag in ("h1", "h2")), "")
    if not lead and content:
        lead = content[0].text
    lead = lead.strip()[:100]
    controls = "1 control" if elements == 1 else f"{elements} controls"
    sentence = f"{what[0].upper()}{what[1:]}{named} on {host} with {controls}"
    if can:
        sentence += f"; you can {can}"
    if lead:
        sentence += f'; it starts with "{lead}"'
    return sentence + "."
