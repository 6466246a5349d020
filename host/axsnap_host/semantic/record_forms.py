"""A record's change form (issue 31, note 206): fields holding saved values under the page's
own heading saying it changes one thing of a kind ("Change product", "Edit invoice", "Produkt
bearbeiten", "Modifier la commande").

Saved values are the account's settings only when they are the account's own: its name, its
email, its password, its preferences. An admin's or a back office's page that changes one of
the records it keeps (a product, a supplier, an order) holds that record's values; the person
fills its form and saves it, no setting of theirs. A heading that changes the account, the
profile, the settings or the password (in the seven languages the rules keep) is no record's.

A title whose first part says one thing is being edited ("Editing article page: Pruning the
apple trees - Wagtail", "Editando Ajuste de frenos", "编辑 订单 42") names that record's
change form as the heading does (note 217), as does a first part that is only the edit
before a part naming the kind ("Editing - Event - Payload", note 320); a title naming the
site's section ("Account - Edit") or saying "Edit profile" names none.

A heading or a title's part saying one new thing of a kind is being made ("New test case",
"Add product", "Create new ticket", "Neuen Kunden anlegen", "Nouvelle facture"; "Book a
practice room": a booking, note 286; "Join the plot waiting list", "Apply for a grant": an
application, note 318) names a new record's form (note 247): the values its
fields show are the kind's defaults, no saved settings, and its switches are the record's. A
new account, a new password or a new message is no record's (a sign-up, a reset, a mail being
written).

A form a control keeps and opens again for the next record ("Save and add another", "Create
and add another": Django's admin and the admins built like it) adds records of a kind (note
279): its values are that record's, whatever its heading says, no settings.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from axsnap_host.semantic.keywords import keyword_hits
from axsnap_host.semantic.page_features import Features

RECORD_SIGNAL = "form:saved values under a heading changing a record (a record's change form)"
RECORD_WEIGHT = 0.45

# "<verb> <thing>" (English, Spanish, French, Vietnamese, Chinese) or "<thing> <verb>" (German,
# Japanese): the whole heading, a thing of a few words.
_CHANGES = re.compile(
    r"^(?:change|edit|update|modify|editar|modificar|actualizar|modifier|éditer|"
    r"sửa|chỉnh sửa|cập nhật|编辑|修改)(?![a-z])\s*(?P<a>[^\n]{2,40})$"
    r"|^(?P<b>[^\n]{2,40}?)\s*(?:bearbeiten|ändern|の編集|を編集|の変更|を変更|編集)$")
# The account's own things: changing them is the account's settings.
_ACCOUNT = re.compile(
    r"account|profile|settings|password|e-?mail|preferences|\bmy\b|\byour\b|\buser\b|"
    r"konto|profil|einstellungen|passwort|compte|paramètres|mot de passe|cuenta|perfil|"
    r"configuración|contraseña|tài khoản|hồ sơ|cài đặt|mật khẩu|账户|账号|个人资料|设置|密码|"
    r"アカウント|プロフィール|設定|パスワード", re.I)


# A title's first part saying one thing is being edited: "Editing <thing>" (English, Spanish,
# French, Vietnamese, Chinese) or "<thing> bearbeiten"/"<thing>を編集中" (German, Japanese).
_EDITING = re.compile(
    r"^(?:editing|editando|edición de|modification de|đang sửa|đang chỉnh sửa|正在编辑|编辑)"
    r"(?![a-z])\s*:?\s*(?P<a>[^\n]{2,80})$"
    r"|^(?P<b>[^\n]{2,80}?)\s*(?:bearbeiten|を編集中|の編集)$")
# Where a title's first part ends: the site's name or section follows.
_TITLE_PARTS = re.compile(r"\s[-|–—]\s")
# A title's first part that is only the edit, its next part the kind of thing edited:
# "Editing - Event - Payload" (note 320).
_EDIT_ALONE = re.compile(r"^(?:editing|edit|editando|editar|modifier|bearbeiten|編集|编辑|"
                         r"đang sửa|sửa)$")
# A title written as a trail ending in the edit of one thing of its last kind: "Console >
# Devices > (Edit)", "Posts › Edit" (design note 294).
_TRAIL_EDIT = re.compile(
    r"^(?:[^\n]*[>›»]\s*)?(?P<b>[^\n>›»]{2,40}?)\s*[>›»]\s*\(?(?:edit|editing|change|modify|"
    r"bearbeiten|modifier|editar|sửa|编辑|編集)\)?$")


NEW_SIGNAL = "form:fields under a heading or title making a new record (a new record's form)"
NEW_WEIGHT = 0.45
ANOTHER_SIGNAL = "form:fields kept by \"Save and add another\" (a form adding records)"

# "<verb> <thing>" (English, Spanish, French, Vietnamese, Chinese) or "<thing> <verb>" (German,
# Japanese): a heading or a title's part, a thing of a few words.
_CREATES = re.compile(
    r"^(?:(?:add|create)(?: an?)?(?: new)?|(?:book|reserve) an?|join(?: the| an?)?|"
    r"apply (?:for|to)(?: the| an?)?|new|neue[rns]?|nouvel(?:le)?|"
    r"nouveau|ajouter(?: une?)?|créer(?: une?)?|nuev[oa]|crear|añadir|agregar|thêm(?: mới)?|"
    r"tạo(?: mới)?|新建|添加|创建|新規)"
    r"(?![a-z])\s*:?\s*(?P<a>[^\n]{2,80})$"
    r"|^(?P<b>[^\n]{2,40}?)\s*(?:anlegen|erstellen|hinzufügen|を追加|の作成|を作成|の新規作成|の追加)$")
# Where the thing made ends and what it goes to begins ("channel to network marshfield of
# user marta": a channel; note 305).
_WHERE = re.compile(r"\s+(?:to|of|for|in|into|on|under|at|from|zu|für|pour|à|dans|para)\s+")
THING_WORDS = 40  # the characters of a thing made, what it goes to left out
# Made new, these are no record's: a sign-up, a reset, a mail, a newsletter's subscription.
_NO_RECORD = re.compile(
    r"regist|sign.?up|member|message|mail|newsletter|subscri|nachricht|courriel|mensaje|"
    r"correo|tin nhắn|消息|邮件|メッセージ|メール", re.I)


def makes_a_record(f: Features) -> bool:
    """The page's own heading, or a part of its title, says one new thing of a kind is being
    made, a thing that is neither the account's own nor a message."""
    for words in (f.own_heading, *_TITLE_PARTS.split(f.title)):
        m = _CREATES.match(words.strip())
        thing = _WHERE.split(m.group("a") or m.group("b") or "")[0] if m else ""
        # (the account's own thing opens it, "profile", "user", "my ...", or is its first
        # word, "Benutzerkonto": a printer's profile is a printer's record)
        if thing and len(thing) <= THING_WORDS and not _account_thing(thing) \
                and not _NO_RECORD.search(thing):
            return True
    return False


def _account_thing(thing: str) -> bool:
    """Whether a thing made is the account's own: an account word opens it or is in its first
    word (a compound: "Benutzerkonto")."""
    return bool(_ACCOUNT.match(thing) or _ACCOUNT.search(thing.split()[0]))


def changes_a_record(f: Features) -> bool:
    """The page's own heading changes one thing of a kind that is not the account's own, or
    the title's first part says one such thing is being edited (or is only the edit, the next
    part that kind), or its trail ends in an edit."""
    parts = [part.strip() for part in _TITLE_PARTS.split(f.title.strip())]
    first = parts[0]
    if _EDIT_ALONE.match(first) and len(parts) >= 3 and parts[1]:
        return not _ACCOUNT.search(parts[1])  # (the last part is the site's name)
    m = (_CHANGES.match(f.own_heading.strip()) or _EDITING.match(first) or _CHANGES.match(first)
         or _TRAIL_EDIT.match(f.title.strip()))
    return m is not None and not _ACCOUNT.search(next(filter(None, m.groupdict().values()), ""))


# A site's or a program's own setup, whose values are its settings.
_SETUP = re.compile(r"administration|configuration|\boptions\b|konfiguration|verwaltung|"
                    r"cấu hình|配置", re.I)


def says_own_values(f: Features) -> bool:
    """Whether the values are the account's own or its settings: a person's name in parts, an
    account field or a password among the fields, or the page's title, own heading or current
    menu item saying so ("My account", "Preferences", "User profile")."""
    if f.name_fields >= 2 or f.account_fields or f.passwords:
        return True
    words = "\n".join((f.title, f.own_heading, f.current_item)).lower()
    return bool(_ACCOUNT.search(words) or _SETUP.search(words) or keyword_hits("settings", words))


def fire_record_form(fire: Callable[[str, str, float, bool], None], f: Features) -> bool:
    """Fires the form signal of a record's change form: three fields or more, two holding
    saved values, no password or card, under a heading changing a record; or of a new
    record's form: three fields or more, no password, card or recipient, under a heading or a
    title making one; or of a form a control keeps and opens again for the next record ("Save
    and add another", note 279). Whether it is any (its fields' values are then no settings)."""
    fields = f.text_inputs + f.textareas + f.selects
    bare = not f.passwords and not f.card_fields
    record = fields >= 3 and f.filled >= 2 and bare and changes_a_record(f)
    fire("form", RECORD_SIGNAL, RECORD_WEIGHT, record)
    new = (fields >= 3 and bare and not f.recipients and not f.to_subject and not record
           and makes_a_record(f))
    fire("form", NEW_SIGNAL, NEW_WEIGHT, new)
    another = fields >= 3 and bare and f.add_another >= 1 and not (record or new)
    fire("form", ANOTHER_SIGNAL, NEW_WEIGHT, another)
    return record or new or another
