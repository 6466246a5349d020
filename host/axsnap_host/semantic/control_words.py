"""What a control's words say it does, for the page type (page_features.py): write a new
message, answer the open one, place the order, keep a form's changes, put a product in the cart,
ask for a message to the site.
"""

from __future__ import annotations

import re

# A mail client's own controls: writing a new message, answering the one open in its pane.
COMPOSE = re.compile(r"(?<!\w)(?:compose|new message|new mail)(?!\w)|写邮件|soạn thư|redactar|"
                     r"verfassen|nouveau message", re.I)
REPLY = re.compile(r"(?<!\w)(?:reply|reply all|forward)(?!\w)|回复|转发|trả lời|responder|"
                   r"antworten|répondre|返信", re.I)
# A control that ends a checkout: it places the order or pays (a cart's goes to the checkout).
PLACE_ORDER = re.compile(r"(?:place|submit|complete|confirm)(?: my| your)? order|pay now|"
                         r"complete (?:my |your )?purchase|confirm and pay|提交订单|đặt hàng|"
                         r"realizar pedido|bestellung absenden|zahlungspflichtig bestellen|"
                         r"valider (?:la|ma) commande|注文を確定", re.I)
# A control that keeps what a form changed ("Save Changes", "Update Settings", "Submit
# Changes", "Apply Changes"; a blank form's "Submit details" sends): the form edits what the
# account holds (a blank form sends, signs up, continues or orders; a menu's "Update profile"
# link names another page).
SAVE_CHANGES = re.compile(r"(?:save|update|keep|apply)(?: all| the| my| your)? (?:changes?|"
                          r"settings|preferences|information|info|details)|"
                          r"submit(?: all| the| my| your)? changes?|"
                          r"änderungen speichern|enregistrer les modifications|guardar cambios|"
                          r"lưu thay đổi|保存更改|変更を保存", re.I)
# A control that keeps a record and opens the form again for the next one ("Save and add
# another", "Create and add another"): the form adds records of a kind, its values the
# record's, no settings (design note 279).
_ADD_ANOTHER = re.compile(r"(?:save|create|add|submit)(?: it)? and (?:add|create|new)(?: an)? "
                          r"(?:another|one more)(?: one)?|speichern und neu hinzufügen|"
                          r"enregistrer et ajouter un nouveau|guardar y añadir otro", re.I)
# A control that puts a product in the cart ("Add to cart", "Add to basket", "Buy Now"); its
# words alone, no sentence holding them.
_TO_CART = re.compile(r"(?:add to (?:the |my |your )?(?:cart|basket|bag|trolley)|buy now|"
                      r"in den warenkorb|ajouter au panier|añadir al carrito|agregar al carrito|"
                      r"加入购物车|thêm vào giỏ(?: hàng)?|カートに入れる)", re.I)


def writes_mail(label: str) -> bool:
    """A control named by the words that write a new message ("Compose", "+ New message"); a
    sentence holding them is a notification's ("New message from Laura")."""
    return len(label.split()) <= 3 and bool(COMPOSE.search(label))


def saves_changes(label: str) -> bool:
    """A control named only by the words that keep a form's changes ("Save Changes", "Update
    settings"); a sentence holding them is a notice's ("Don't forget to save changes")."""
    said = " ".join(label.split())
    return len(said.split()) <= 4 and bool(SAVE_CHANGES.fullmatch(said))


def puts_in_cart(label: str) -> bool:
    """A control named only by the words that put a product in the cart ("Add To Cart")."""
    return bool(_TO_CART.fullmatch(" ".join(label.split())))


def adds_another(label: str) -> bool:
    """A control named only by the words that keep a record and start the next one ("Save
    and add another")."""
    return bool(_ADD_ANOTHER.fullmatch(" ".join(label.split())))


# A box to write in whose own label asks for a message to the site ("Comment:", "Your message",
# "Reply", "Feedback"), first words only: a comment or reply being written, whatever the
# writer's fields beside it hold (a signed-in reader's name and address filled in for them); a
# settings page's "Auto-reply message", "Bio" or "Signature" is none (design note 362).
MESSAGE_BOX = re.compile(r"^\W*(?:(?:leave|write|add|post|type|enter)\s+(?:a|an|your)\s+|your\s+)?"
                         r"(?:comments?|messages?|reply|replies|feedback|reviews?|questions?|"
                         r"enquiry|inquiry)(?!\w)|"
                         r"^\W*(?:留言|评论|nachricht|kommentar|commentaire|mensaje|comentario|"
                         r"bình luận|lời nhắn)", re.I)

