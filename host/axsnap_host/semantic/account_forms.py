"""The account forms of a page (sign-in, sign-up), each with its password fields: how many of
each, whether one asks a new account's user name and address, and which a person meets first."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from axsnap_host.models.card_fields import CARD_PATTERN
from axsnap_host.semantic.elements import Element
from axsnap_host.semantic.facts import Node, PageFacts
from axsnap_host.semantic.keywords import keyword_hits

CARD = re.compile(CARD_PATTERN, re.I)  # a payment card's field (models/card_fields.py)
CONFIRM = re.compile(r"confirm|repeat|re-?enter|again|verify|retype|确认|xác nhận|repetir|"
                     r"wiederholen|bestätigen|confirmer|確認", re.I)
_USER_NAME = re.compile(r"user ?name|benutzername|nom d'utilisateur|usuario|用户名|ユーザー名",
                        re.I)


@dataclass
class PasswordForms:
    login: int = 0  # forms (or the form-less rest) with one password field, no confirmation
    signup: int = 0  # forms with two password fields or more (a new password, again)
    # A sign-in form before a sign-up form, both in the page's content (no bar's or menu's):
    # the page a person meets as the sign-in, the sign-up offered beside it to newcomers.
    sign_in_first: bool = False


def password_forms(facts: PageFacts, elements: list[Element]) -> PasswordForms:
    """The page's password forms, in the order a person reads them (the elements' order)."""
    groups: dict[int, list[bool]] = {}
    chrome: dict[int, bool] = {}
    for el in elements:
        if el.kind != "password_input":
            continue
        name = " ".join((el.source.aria, el.source.text, el.source.hint, el.source.name,
                         el.node.attrs.get("id", "")))
        if CARD.search(name):
            continue
        above = facts.ancestors(el.node)
        form = next((a.rid for a in above if a.tag == "form"), -1)
        groups.setdefault(form, []).append(bool(CONFIRM.search(name)))
        chrome[form] = chrome.get(form, False) or any(
            a.in_page_chrome for a in above)
    kinds = ["login" if len(c) == 1 and not c[0] else "signup" if len(c) >= 2 else ""
             for form, c in groups.items() if not chrome[form]]
    first_signup = kinds.index("signup") if "signup" in kinds else -1
    return PasswordForms(
        login=sum(len(c) == 1 and not c[0] for c in groups.values()),
        signup=sum(len(c) >= 2 for c in groups.values()),
        sign_in_first=first_signup > 0 and "login" in kinds[:first_signup] and all(
            form >= 0 for form in groups))


def new_account(facts: PageFacts, elements: list[Element]) -> bool:
    """A form asking a user name and an email, or three things or more, beside its one
    password field: a new account's (a sign-in asks who you are once, by a user name or by an
    address); or one password field under a button that says so (signup_button)."""
    forms: dict[int, list[str]] = {}
    for el in elements:
        form = next((a.rid for a in facts.ancestors(el.node) if a.tag == "form"), -1)
        if form < 0:
            continue
        said = " ".join((el.source.text, el.source.hint, el.source.name, el.source.aria))
        if el.kind == "password_input":
            forms.setdefault(form, []).append("password")
        elif el.kind == "text_input" and _USER_NAME.search(said):
            forms.setdefault(form, []).append("user")
        elif el.kind == "text_input" and (el.node.attrs.get("type") == "email"
                                          or re.search(r"e-?mail", said, re.I)):
            forms.setdefault(form, []).append("email")
        elif el.kind == "text_input":
            forms.setdefault(form, []).append("field")
        elif el.kind == "textarea":
            forms.setdefault(form, []).append("message")
        if el.kind == "text_input" and (el.node.value or "").strip():
            forms[form].append("saved")
    # (three fields beside the password, whatever they are named: a template's sign-up whose
    # every label says "Username" still asks three things, each field counted; a form with a
    # message box or a saved value is a profile's or a comment's, no newcomer's)
    return any(asked.count("password") == 1 and (
        ("user" in asked and "email" in asked) or (
            sum(a in ("user", "email", "field") for a in asked) >= 3
            and "message" not in asked and "saved" not in asked))
        for asked in forms.values()) or signup_button(facts, elements)


# A control whose own words make an account ("Register", "Sign up", "Create account"), and one
# whose words sign in: what a person presses says what the form is for.
_SIGN_UP = re.compile(r"^(?:register(?: now)?|sign ?up(?: now| free)?|"
                      r"create (?:an |my |your )?account|join(?: now| us)?|registrieren|"
                      r"s'inscrire|inscription|registrarse|crear cuenta|đăng ký|注册|新規登録|"
                      r"会員登録)$", re.I)
_SIGN_IN = re.compile(r"(?<!\w)(?:sign ?in|log ?in|anmelden|connexion|iniciar sesión|"
                      r"đăng nhập)(?!\w)|登录|ログイン", re.I)
_FORM_WORDS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "legend", "label"})
_REMEMBER = re.compile(r"(?<!\w)remember me(?!\w)|angemeldet bleiben|se souvenir de moi|"
                       r"recordarme|ghi nhớ|记住我", re.I)


def signup_button(facts: PageFacts, elements: list[Element]) -> bool:
    """A form of one password field whose button says a new account is made ("Register"), and
    none of its buttons, headings, labels or ticks says signing in ("Sign In to your account",
    "Remember me": a template's slipped button): a sign-up, whatever is beside the form
    ("Forgot password?" under it)."""
    forms: dict[int, list[str]] = {}
    for el in elements:
        form = _form_of(facts, el.node)
        if form < 0:
            continue
        said = " ".join((el.source.text or el.source.aria).split())
        if el.kind == "password_input":
            forms.setdefault(form, []).append("password")
        elif el.kind == "button":
            forms.setdefault(form, []).append(
                "up" if _SIGN_UP.match(said) else "in" if _SIGN_IN.search(said) else "")
        elif el.kind == "checkbox" and _REMEMBER.search(said):
            forms.setdefault(form, []).append("in")
    for node in facts.nodes:
        if node.tag in _FORM_WORDS and _SIGN_IN.search(node.text):
            forms.setdefault(_form_of(facts, node), []).append("in")
    return any(asked.count("password") == 1 and "up" in asked and "in" not in asked
               for form, asked in forms.items() if form >= 0)


_SAYING = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "legend", "p"})
_AGREE = re.compile(r"(?<!\w)(?:agree|accept|terms)(?!\w)", re.I)


def sign_in_button(facts: PageFacts, elements: list[Element],
                   asks_password: Callable[[Element], bool]) -> bool:
    """A form of one password field (by its type, or a text field asking one by its words)
    whose buttons say signing in ("Sign in", "Log in"), none a new account and no box agreeing
    to terms, on a page where no heading or line out of the chrome says a sign-up in its own
    words (a link's "Sign up" invites to another page): the sign-in a person sees, whatever
    else it asks (a template's slipped "Name" field above the address). A sign-up's slipped
    "Sign In" button sits under its "Register a new membership" or "Create an account"."""
    for node in facts.nodes:
        if node.tag in _SAYING and keyword_hits("register", _own_text(facts, node)) and not any(
                a.in_page_chrome for a in (node, *facts.ancestors(node))):
            return False
    forms: dict[int, list[str]] = {}
    for el in elements:
        form = _form_of(facts, el.node)
        said = " ".join((el.source.text or el.source.aria).split())
        if form < 0:
            continue
        if (el.kind == "password_input" and not CARD.search(said)) or (
                el.kind == "text_input" and asks_password(el)):
            forms.setdefault(form, []).append("password")
        elif el.kind == "button":
            forms.setdefault(form, []).append(
                "up" if _SIGN_UP.match(said) or keyword_hits("register", said.lower())
                else "in" if _SIGN_IN.search(said) else "")
        elif el.kind == "checkbox" and _AGREE.search(said):
            forms.setdefault(form, []).append("up")
    return any(asked.count("password") == 1 and "in" in asked and "up" not in asked
               for asked in forms.values())


def _own_text(facts: PageFacts, node: Node) -> str:
    """A block's words but its controls' (lower-cased): "Don't have an account?" of a line
    ending in a "Sign up" link."""
    text = node.text
    for child in node.children:
        if facts.nodes[child].reasons and facts.nodes[child].text:
            text = text.replace(facts.nodes[child].text, " ", 1)
    return " ".join(text.split()).lower()


def _form_of(facts: PageFacts, node: Node) -> int:
    """The record id of the form holding ``node`` (-1: none)."""
    return next((a.rid for a in facts.ancestors(node) if a.tag == "form"), -1)
