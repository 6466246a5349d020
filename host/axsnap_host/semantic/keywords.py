"""Words that say what a page is for, in English, Chinese, Vietnamese, Spanish, German,
French and Japanese, and the URL shapes of each page type. Matched lower-cased, as whole
words for Latin scripts and as substrings for the others."""

from __future__ import annotations

import re

KEYWORDS: dict[str, tuple[str, ...]] = {
    "login": (
        "sign in", "log in", "login", "forgot password", "forgot your password", "remember me",
        "登录", "登入", "忘记密码", "đăng nhập", "quên mật khẩu", "iniciar sesión",
        "olvidaste tu contraseña", "anmelden", "einloggen", "passwort vergessen", "connexion",
        "se connecter", "mot de passe oublié", "ログイン", "パスワードを忘れ"),
    "register": (
        "sign up", "create account", "create an account", "create your account", "register",
        "confirm password",
        "already have an account", "join now", "注册", "创建账户", "确认密码", "đăng ký",
        "tạo tài khoản", "xác nhận mật khẩu", "registrarse", "crear cuenta", "regístrate",
        "registrieren", "konto erstellen", "passwort bestätigen", "s'inscrire", "créer un compte",
        "inscription", "新規登録", "アカウント作成", "会員登録", "パスワード（確認）"),
    "search_engine": (
        "search the web", "i'm feeling lucky", "web search", "images", "搜索一下", "百度一下",
        "tìm kiếm trên web", "buscar en la web", "im web suchen", "rechercher sur le web",
        "ウェブ検索", "advertising", "privacy"),
    "search_results": (
        "results for", "search results", "did you mean", "about", "results", "搜索结果",
        "个结果", "kết quả tìm kiếm", "kết quả cho", "resultados de", "resultados para",
        "ergebnisse für", "suchergebnisse", "résultats pour", "résultats de recherche",
        "検索結果", "件の結果", "next", "次へ", "下一页", "siguiente", "weiter", "suivant"),
    "article": (
        "min read", "published", "updated", "written by", "share this", "comments",
        "related articles", "read more", "发布于", "阅读", "作者", "bài viết", "đăng lúc",
        "tác giả", "publicado", "minutos de lectura", "autor", "veröffentlicht", "lesezeit",
        "autorin", "publié", "min de lecture", "auteur", "投稿日", "記事", "著者", "分で読めます"),
    "list": (
        "sort by", "filter", "showing", "items", "products", "load more", "add to cart",
        "per page", "排序", "筛选", "商品", "sắp xếp", "lọc", "sản phẩm", "ordenar por",
        "filtrar", "productos", "sortieren nach", "filtern", "produkte", "trier par", "filtrer",
        "produits", "並べ替え", "絞り込み", "商品一覧", "件", "archive", "all posts",
        "older posts", "categories", "归档", "lưu trữ", "archivo", "archiv", "archives",
        "アーカイブ"),
    "email_compose": (
        "compose", "new message", "subject", "cc", "bcc", "attach", "discard", "recipients",
        "写邮件", "收件人", "主题", "抄送", "soạn thư", "người nhận", "tiêu đề", "redactar",
        "asunto", "destinatarios", "verfassen", "betreff", "empfänger", "nouveau message",
        "destinataire", "objet", "宛先", "件名", "新規メッセージ"),
    "email_inbox": (
        "inbox", "unread", "starred", "sent", "drafts", "spam", "archive", "mark as read",
        "收件箱", "未读", "草稿", "已发送", "hộp thư đến", "chưa đọc", "thư nháp",
        "bandeja de entrada", "no leídos", "borradores", "posteingang", "ungelesen", "entwürfe",
        "boîte de réception", "non lus", "brouillons", "受信トレイ", "未読", "下書き"),
    "dashboard": (
        "dashboard", "overview", "analytics", "revenue", "last 30 days", "reports",
        "active users", "conversion", "仪表板", "概览", "总收入", "bảng điều khiển", "tổng quan",
        "doanh thu", "panel de control", "resumen", "ingresos", "übersicht", "umsatz", "berichte",
        "tableau de bord", "aperçu", "chiffre d'affaires", "ダッシュボード", "概要", "売上"),
    "settings": (
        "settings", "preferences", "notifications", "privacy", "save changes", "language",
        "time zone", "two-factor", "设置", "偏好", "通知", "保存更改", "cài đặt", "tùy chọn",
        "thông báo", "configuración", "ajustes", "preferencias", "einstellungen",
        "benachrichtigungen", "datenschutz", "paramètres", "préférences", "設定", "変更を保存",
        "guardar cambios", "änderungen speichern", "enregistrer les modifications",
        "lưu thay đổi", "theme", "dark mode", "tema", "thème", "テーマ"),
    "checkout": (
        "checkout", "place order", "shipping", "billing", "payment", "order summary",
        "subtotal", "card number", "结算", "提交订单", "配送", "支付", "thanh toán", "đặt hàng",
        "giao hàng", "pagar", "realizar pedido", "envío", "kasse", "bestellung", "versand",
        "zahlung", "paiement", "commander", "livraison", "お支払い", "注文を確定", "配送先"),
    "form": (
        "submit", "contact us", "apply", "your message", "your name", "phone number",
        "required field", "提交", "联系我们", "gửi", "liên hệ", "enviar", "contacto",
        "absenden", "kontakt", "envoyer", "contactez", "送信", "お問い合わせ", "申し込み"),
    # Not a page type: the words of a password-reset form (it asks for an address, no password).
    "password_reset": (
        "reset password", "reset your password", "password reset", "password recovery",
        "recover your password", "recover password",
        # ("I forgot my password": a reset's heading in the first person; "Request new
        # password" over "E-mail new password": a CMS's reset, Drupal's, by its tab and button)
        "forgot my password", "request new password", "request a new password",
        "e-mail new password", "email new password", "send new password", "重置密码",
        "找回密码", "đặt lại mật khẩu", "restablecer contraseña", "passwort zurücksetzen",
        "réinitialiser le mot de passe", "パスワードの再設定", "パスワードをリセット"),
}

# What a sign-in box's own link says ("Forgot password?"), each language's: a reset's heading
# or title as much, but beside a sign-in box that box's words (password_resets.py).
FORGOT_LINK_WORDS = (
    "forgot password", "forgot your password",
    # (a common slip of the same words: "Forget Password" over a recovery's one field)
    "forget password", "forget your password",
    # ("Lost Password", "Lost your password?": a blog engine's words for the same page)
    "lost password", "lost your password",
    # (French's "lost password" too)
    "忘记密码", "quên mật khẩu", "olvidaste tu contraseña", "passwort vergessen",
    "mot de passe oublié", "mot de passe perdu", "パスワードを忘れ")
KEYWORDS["password_reset"] += FORGOT_LINK_WORDS

# Words a title says of its page and that say little in its text: "Forms" names a page of forms,
# "in the form of" is prose; "Mailbox" and "Email" name a mail client, an address field's label
# says "Email" on any form; "Tables" names a page of tables of records.
TITLE_WORDS: dict[str, tuple[str, ...]] = {
    "form": ("form", "forms", "表单", "biểu mẫu", "formulario", "formularios", "formular",
             "formulare", "formulaire", "formulaires", "フォーム"),
    "email_inbox": ("mailbox", "mail", "email", "e-mail", "webmail", "邮箱", "邮件", "hộp thư",
                    "correo", "postfach", "courriel", "messagerie", "メール"),
    # ("Shopping Cart", "Your Basket": the page holding what is being bought; a control's "Add
    # to cart" is no title)
    "checkout": ("cart", "shopping cart", "basket", "shopping bag", "warenkorb", "panier",
                 "carrito", "購物車", "购物车", "giỏ hàng", "カート"),
    # (a site's administration index: its models' lists, each with Add and Change, under the
    # admin's own title: Django's and the skins built on it; note 326; a tool's report, its
    # figures and findings at a glance: ESLint's, OpenSCAP's, Nmap's, note 350)
    "dashboard": ("site administration", "report"),
    # ("Repository list", "List Hosts": the page lists them; note 329)
    "list": ("list", "table", "tables", "data table", "data tables", "datatable", "datatables",
             "表格", "bảng", "tabla", "tablas", "tabelle", "tabellen", "tableau", "tableaux",
             "テーブル"),
}

# A title naming the page a search ("Course Search", "Search - Acme"): with a line counting
# results under the page's own search box, what the page shows is what that box found.
# Words too common in titles to say what a page is for.
TITLE_SKIP = frozenset({"about", "next", "images", "advertising", "privacy", "updated",
                        "published", "comments", "theme", "language", "sent", "apply",
                        "submit", "cc", "results", "items", "read more"})
SEARCH_TITLE = re.compile(r"(?<![\w])(search|suche|recherche|búsqueda|tìm kiếm)(?![\w])|検索|搜索")

URL_PATTERNS: dict[str, str] = {
    "login": r"/(log-?in|sign-?in|auth|session)(\b|/|\.)",
    "register": r"/(register|sign-?up|join|create-account|registration)(\b|/|\.)",
    "checkout": r"/(checkout|cart|basket|payment)(\b|/|\.)",
    "settings": r"/(settings|preferences|account/edit)(\b|/|\.)",
    "dashboard": r"/(dashboard|admin|analytics|overview)(\b|/|\.)",
    "email_compose": r"(compose|new-message)",
    "email_inbox": r"/(mail|inbox)(\b|/|\.)|#inbox",
    "search_results": r"[?&](q|query|search|s|keyword|wd|p)=[^&]+|/search\?",
    "article": r"/(article|blog|news|post|story)s?/|/\d{4}/\d{2}/",
    "list": r"/(category|categories|products|catalog|collections|tag|list)(\b|/|\.)",
    "form": r"/(contact|apply|survey|feedback|form)(\b|/|\.)",
}
SEARCH_ENGINE_HOSTS = re.compile(r"(^|\.)(google|bing|duckduckgo|baidu|yandex|yahoo|naver|"
                                 r"ecosia|qwant|startpage)\.", re.IGNORECASE)

_LATIN = re.compile(r"[a-zà-ÿ'\- ]+$")


def _pattern(word: str) -> str:
    escaped = re.escape(word)
    return rf"(?<![\w]){escaped}(?![\w])" if _LATIN.match(word) else escaped


KEYWORD_RES: dict[str, list[tuple[str, re.Pattern[str]]]] = {
    kind: [(word, re.compile(_pattern(word))) for word in words]
    for kind, words in KEYWORDS.items()
}
TITLE_RES: dict[str, list[tuple[str, re.Pattern[str]]]] = {
    kind: [(word, re.compile(_pattern(word))) for word in words]
    for kind, words in TITLE_WORDS.items()
}
URL_RES = {kind: re.compile(p, re.IGNORECASE) for kind, p in URL_PATTERNS.items()}


def keyword_hits(kind: str, text: str) -> list[str]:
    """The words of ``kind`` found in ``text`` (lower-cased by the caller). A plain
    substring test first: the word-boundary pattern only runs where the word is."""
    return [word for word, pattern in KEYWORD_RES[kind] if word in text and pattern.search(text)]


def title_hits(kind: str, title: str) -> list[str]:
    """The words of ``kind`` found in a page's (lower-cased) title: its keywords, and the
    words a title alone says of its page."""
    return keyword_hits(kind, title) + [word for word, pattern in TITLE_RES.get(kind, [])
                                        if word in title and pattern.search(title)]


def title_kinds(title: str) -> set[str]:
    """The kinds of page a (lower-cased) title names, by words not too common in titles to
    say what a page is for (TITLE_SKIP)."""
    return {kind for kind in KEYWORDS.keys() | TITLE_RES.keys()
            if any(word not in TITLE_SKIP for word in title_hits(kind, title))}


# A control that goes on from a cart to the checkout ("Proceed to Checkout"); a menu's bare
# "Checkout" link names the page, a cart's says where its next step is.
TO_CHECKOUT = re.compile(r"(?:proceed|continue|go) to (?:the )?checkout|zur kasse gehen|"
                         r"passer (?:à la|la) commande|ir a pagar|tiến hành thanh toán|去结算|"
                         r"レジに進む", re.IGNORECASE)
# A way to pay a radio offers: a card, a wallet, a transfer, cash on delivery.
PAY_BY = re.compile(r"(?<!\w)(?:credit card|debit card|card|paypal|upi|net ?banking|"
                    r"bank transfer|direct bank transfer|cash on delivery|cod|wallet|apple pay|"
                    r"google pay|gpay|klarna|cheque|check payments?|bitcoin|crypto)(?!\w)|"
                    r"货到付款|支付宝|微信支付|thanh toán khi nhận hàng|tarjeta|überweisung|"
                    r"virement|代金引換", re.IGNORECASE)
