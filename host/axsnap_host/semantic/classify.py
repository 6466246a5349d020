"""Page type from weighted signals: every type scored 0–1, the signals that fired listed.

Signals carry weights by how much they say: the URL's shape and form features (password fields,
card fields, a captcha) high; element statistics (list items, long text blocks, table rows,
result blocks, metrics) and keywords in seven languages medium; layout (a sidebar, a short page)
low. A type's score is the noisy-or of its fired weights (1 − Π(1 − w)), so no single weak
signal decides and strong ones add up without passing 1. Below ``UNKNOWN_BELOW``: ``unknown``.
"""

from __future__ import annotations

from math import prod
from urllib.parse import urlsplit

from axsnap_host.semantic.account_addresses import account_with_address
from axsnap_host.semantic.api_references import fire_api_reference
from axsnap_host.semantic.card_lists import fire_card_list
from axsnap_host.semantic.chart_pages import fire_charts
from axsnap_host.semantic.code_listings import fire_listed_text
from axsnap_host.semantic.foot_forms import bullets, fire_site_account, site_boxes_only
from axsnap_host.semantic.form_pages import fire_form_gallery
from axsnap_host.semantic.headlines import fire_headline_story
from axsnap_host.semantic.keywords import (
    SEARCH_ENGINE_HOSTS,
    URL_RES,
    keyword_hits,
    title_hits,
    title_kinds,
)
from axsnap_host.semantic.learned_type import undecided
from axsnap_host.semantic.long_forms import fire_long_form
from axsnap_host.semantic.mail_pages import fire_mail_client, fire_writing, is_mailbox, ticked_rows
from axsnap_host.semantic.message_forms import fire_message_form
from axsnap_host.semantic.named_settings import fire_named_settings, title_names_settings
from axsnap_host.semantic.own_matter import contact_heading, fire_cart_heading
from axsnap_host.semantic.page_features import Features
from axsnap_host.semantic.page_names import fire_page_names
from axsnap_host.semantic.password_resets import asks_new_password, asks_reset
from axsnap_host.semantic.record_forms import fire_record_form, says_own_values
from axsnap_host.semantic.record_searches import fire_searched_records
from axsnap_host.semantic.record_tables import (
    counts_records,
    fire_record_table,
    one_table_rows,
    sections_of_records,
)
from axsnap_host.semantic.search_pages import (
    fire_search_results,
    found_rows,
    heads_no_search,
    no_search_shown,
    search_named,
)
from axsnap_host.semantic.shop_steps import fire_shop_pages
from axsnap_host.semantic.short_documents import fire_short_document, prose_undecided
from axsnap_host.semantic.short_forms import fire_short_form
from axsnap_host.semantic.sidebar_boxes import sidebar_panels
from axsnap_host.semantic.sign_in_boxes import asks_one_time_code, sign_in_boxes
from axsnap_host.semantic.sign_up_first import sign_up_on_arrival
from axsnap_host.semantic.signed_in_forms import fire_signed_in_form, password_change
from axsnap_host.semantic.silent_passwords import fire_silent_password
from axsnap_host.semantic.status_panels import fire_status_panels
from axsnap_host.semantic.step_titles import names_a_step

PAGE_TYPES = ("search_engine", "search_results", "login", "register", "form", "article", "list",
              "email_compose", "email_inbox", "dashboard", "settings", "checkout")
UNKNOWN_BELOW = 0.4
KEYWORD_WEIGHT = 0.1
KEYWORD_CAP = 4

# What one form of a page of forms is for; on such a page no one of them names the page.
_FORM_PURPOSES = frozenset({"checkout", "register", "login"})


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
    # (a newsletter box asks every reader for an address: no field of the page's own, no sign-in)
    inputs = f.text_inputs - f.newsletter_fields
    register_words = bool(keyword_hits("register", f.text))
    # An account's password change, no sign-up (signed_in_forms.py password_change).
    change = password_change(f)
    # A new password asked twice and nothing else under reset words: a reset's last step.
    renew = asks_new_password(f, inputs) and not change
    # (two sign-in boxes of one password each ask none twice: sign_in_boxes.py)
    boxes = sign_in_boxes(f)
    one = f.passwords == 1 or boxes
    confirm = (f.passwords >= 2 or f.confirm) and not change and not renew and not boxes
    # A sign-in box beside three long blocks of prose, or at the foot of screens of matter, is
    account = (0.5 if f.long_blocks >= 3 else 1.0) * fire_site_account(fire, f)  # the site's
    # Forms of several purposes side by side: a page of forms, each purpose half (form_pages.py).
    gallery = fire_form_gallery(fire, f, confirm)
    account *= 0.5 if gallery else 1.0
    # Fifteen fields or more in three forms or more, more fields than blocks of prose: a page of
    # forms (sample forms, a long application), where a password confirmation is one form's.
    fields = inputs + f.passwords + f.textareas + f.selects
    forms_page = f.forms >= 3 and fields >= 15 and fields > f.long_blocks and not f.card_fields
    # Fields kept by a "Save Changes" button: a form editing what the account holds, its settings
    # (a blank form sends, signs up, continues or orders; no card, message or sign-up's
    # confirmation; on a page its title calls forms, or under numbered steps, one sample or step).
    saving = (f.save_changes >= 1 and fields >= 3 and not f.card_fields and not confirm
              and not f.to_subject and f.wizard_steps < 2 and not gallery
              and not title_hits("form", f.title))
    account *= 0.5 if forms_page and not gallery else 1.0
    # 20+ fields, or two forms each asking for a password twice, beside a password field: a
    # gallery of inputs or sample forms (a sign-up asks a few things), its passwords a sample's.
    samples = (f.passwords >= 1 and (fields >= 20 or f.signup_forms >= 2) and not gallery
               and not forms_page and not f.card_fields
               and not (f.address_fields >= 2 and f.prices >= 1))
    account *= 0.5 if samples else 1.0
    fire("form", "form:20+ fields or two sign-up forms (a gallery of inputs)", 0.5, samples)
    filters = fire_searched_records(fire, f)  # (a search's filters over records: no form's)
    # Twelve fields or more, no password, card or message box, none holding a saved value and
    # no shipping words: a page of inputs (a gallery of field styles), whose menu is no list.
    inputs_page = (fields >= 12 and not f.passwords and not f.card_fields and not f.to_subject
                   and f.filled < 3 and f.long_blocks < 3 and f.rows < 5 and not filters
                   and not (gallery or forms_page) and not title_hits("settings", f.title)
                   and not saving and not (f.address_fields >= 2 and (
                       f.prices >= 1 or keyword_hits("checkout", f.said))))
    fire("form", "form:12+ fields, no password (a page of inputs)", 0.45, inputs_page)
    # (12+ fields beside less prose: a long form, its prose and lists its own, long_forms.py)
    lengthy = fire_long_form(fire, f, inputs_page or forms_page or samples or saving or gallery
                             or filters)
    # A user name and an email beside one password in one form, or its "Register": a new account.
    new_account = f.new_account and f.passwords == 1 and not confirm and not change
    # Its form's buttons say "Sign in", no heading a sign-up, no newcomer asked: a sign-in.
    signing_in = f.sign_in_button and one and not confirm and not new_account
    # (a password form nothing calls a sign-in, beside other forms: a sample, silent_passwords)
    account *= fire_silent_password(fire, f, confirm)
    fire("login", "form:one password field, few inputs", 0.6 * account,
         one and inputs <= 2 and (not f.name_fields or signing_in) and not confirm
         and not new_account)
    fire("register", "form:a new account's form (a user name and an email, or a sign-up button)",
         0.45 * account, new_account)
    # A sign-in form a person meets before a sign-up form, both in the content: the page is the
    # sign-in, the sign-up offered beside it to newcomers; its confirmation is one form's of two.
    # (under an app's side menu the person is signed in: no sign-up, signed_in_forms.py)
    # (a title naming the sign-up, not the sign-in, says which of the two the page is for: the
    # returning user's box met first is the one offered beside it)
    first = f.sign_in_first and not (title_hits("register", f.title)
                                     and not title_hits("login", f.title))
    offered = (0.5 if first else 1.0) * fire_signed_in_form(fire, f, confirm)
    fire("register", "form:password confirmation", 0.6 * account * offered, confirm)
    # (beside one password field and no confirmation the sign-up words must be the page's own,
    # said outside links: "Don't have an account? <a>Register</a>" invites to another page)
    own_register_words = bool(keyword_hits("register", f.said)) if (
        one and not confirm) else register_words
    # (a reset's "Confirm Password" is its own new password asked again, no sign-up's words)
    fire("register", "form:password and sign-up words", 0.45 * account,
         f.passwords >= 1 and own_register_words and not confirm and not change and not renew
         and not signing_in)  # (beside a sign-in: "Don't have an account? Sign up")
    fire("register", "form:password with a name field or terms", 0.35 * account * offered,
         f.passwords >= 1 and bool(f.terms or (f.name_fields and register_words and not signing_in))
         and not change and not renew)
    fire("settings", "form:a password change (the current password and a new one)", 0.5, change)
    # A person's name and an account (an address, a user name) asked under sign-up words said
    # outside links, no password: a sign-up whose password comes later (a contact form asks for
    # a message, a checkout for a card or pays a price, a profile holds its saved values).
    fire("register", "form:name and account fields under sign-up words, no password", 0.45,
         f.passwords == 0 and f.name_fields >= 1 and f.account_fields >= 1
         and bool(keyword_hits("register", f.said) or title_hits("register", f.title))
         and not f.textareas and not f.card_fields and not f.to_subject and f.filled < 3
         and not (f.address_fields >= 2 and f.prices >= 1) and f.long_blocks < 3)
    # An account field and no name or password, under sign-up words said outside links and in a
    # title that names no sign-in: a sign-up's first step, the account found by what the person
    # holds (an address, a policy number); a newsletter's box is no field of the page's own.
    fire("register", "form:an account field under sign-up words and title, no password", 0.45,
         f.passwords == 0 and not f.name_fields and f.account_fields >= 1
         and 1 <= inputs - f.search_named <= 2 and not f.textareas and not f.card_fields
         and f.filled < 3 and f.long_blocks < 3 and bool(keyword_hits("register", f.said))
         and bool(title_hits("register", f.title)) and not title_hits("login", f.title)
         and not keyword_hits("login", f.said))
    fire("login", "form:a sign-in form beside a sign-up form", (0.6 if first else 0.5) * account,
         confirm and f.login_forms >= 1 and f.passwords >= 3)
    fire("login", "form:captcha", 0.1, f.captcha and f.passwords >= 1)
    # "Forgot password" beside an address field and no password field of its own (the header's
    # sign-in box holds the page's one): a reset form, whose sign-in words (the link back, the
    # title, that box) say nothing of what the page is for (password_resets.py).
    # (a top bar's search box is no address field; a menu's "Forgot password" names a page)
    reset = asks_reset(f, inputs)
    fire("form", "form:a password reset (an address field, no password field)", 0.6, reset)
    fire("form", "form:a new password twice under reset words (a password reset)", 0.6, renew)
    reset = reset or renew
    # One field for an address, a phone or a user name (or a one-time code: sign_in_boxes.py),
    # no password, and sign-in words said outside links: a sign-in's first step ("Next" asks
    # for the password next), or its code's; a menu's "Sign in" beside a newsletter box is none.
    fire("login", "form:one account field and sign-in words, no password (a first step)", 0.5,
         f.passwords == 0 and (f.account_fields == 1 or asks_one_time_code(f))
         and inputs - f.search_named == 1 and not reset and f.long_blocks < 3 and not f.textareas
         and bool(keyword_hits("login", f.said + " " + f.title)))
    fire("checkout", "form:card fields", 0.6 * (0.5 if gallery else 1.0), f.card_fields >= 1)
    # (on a page of forms the address, the prices and the shipping words are different forms')
    # (under a heading naming a contact form the address asked is the sender's, own_matter.py)
    # (a password beside the address under sign-up words, nothing to pay: a new account's
    # address, account_addresses.py)
    signing_up = account_with_address(f)
    fire("checkout", "form:address fields and prices", 0.35,
         f.address_fields >= 2 and f.prices >= 1 and not gallery and not contact_heading(f)
         and not signing_up)
    # A cart's rows, a wishlist's heading, a shop's steps: cart, wishlist or catalogue (shop_steps).
    cart, wishlist, shop = fire_shop_pages(fire, f, gallery)
    carted = fire_cart_heading(fire, f) and not cart  # (an empty cart: its heading, own_matter)
    cart = cart or carted
    # A control that places the order or pays, beside fields being filled and a price: a
    # checkout's last step (the buyer's details asked before the payment, no card yet).
    ordering = (f.place_order >= 1 and f.prices >= 1 and not f.passwords and not gallery
                and inputs + f.textareas + f.selects >= 2)
    fire("checkout", "form:fields beside a control that places the order (a checkout)", 0.5,
         ordering)
    # Fields under numbered steps ("Step 1", "Steps 02"): a form filled in steps (a wizard);
    # its step list and the menus beside it are no list (a checkout's steps are the checkout's).
    wizard = (f.wizard_steps >= 2 and fields >= 3 and not f.passwords and not f.card_fields
              and f.address_fields < 2 and f.long_blocks < 3)
    fire("form", "form:fields under numbered steps (a wizard)", 0.5, wizard)
    # A message asked with the sender's name and a subject, no recipient (To, Cc): a contact form.
    contact = (f.to_subject >= 1 and f.recipients == 0 and f.name_fields >= 1
               and f.textareas >= 1 and not f.passwords and not f.card_fields)
    fire("form", "form:a message under the sender's name and a subject, no recipient "
         "(a contact form)", 0.5, contact)
    # (a message to the site on a short or contact page: its lists and prose the site's)
    message = fire_message_form(fire, f)
    # Rows with checkboxes are a mailbox's only with a word of mail and no chart (mail_pages).
    mailbox = is_mailbox(f)
    written = fire_writing(fire, f, contact, mailbox)
    # Fields holding the account's values: a page that edits what is saved (a sign-up, a contact
    # form, a checkout start empty; a card, a message, a comment or an order sent is no setting,
    # notes 356, 362; on a page its title calls forms, sample values are a form gallery's).
    record = fire_record_form(fire, f)  # (a record's values, no account's: record_forms.py)
    saved = (f.filled >= 3 and not (f.card_fields or f.to_subject or f.message_boxes or confirm
                                     or cart or record or f.place_order)
             and not title_hits("form", f.title) and not names_a_step(f) and says_own_values(f))
    # (said outside links: a menu's "Billing" or "Cart" names another page)
    # (an address kept by "Save Changes", or holding saved values, nothing priced: the account's
    # address; a record's values under a heading changing it: an order an admin edits, note 352)
    fire("checkout", "form:address fields with shipping or checkout words", 0.5,
         f.address_fields >= 2 and bool(keyword_hits("checkout", f.said)) and not gallery
         and not ((saving or saved) and not f.prices) and not contact_heading(f)
         and not signing_up and not record)
    fire("settings", "form:fields kept by a \"Save Changes\" control (the account's values)",
         0.45, saving and not cart and not ordering and not record)  # (a record's: its own)
    # The fields are the settings' on a page its title calls settings, or under a heading that is
    # only a settings page's words ("Account Settings") where the title names the template.
    settings_page = bool(title_hits("settings", f.title)) or f.settings_headings >= 1
    # (on a page its title calls forms a "Settings" box is one sample among them)
    fire("settings", "form:fields under a heading naming settings", 0.45,
         (f.settings_headings >= 1 or title_names_settings(f))
         and (fields >= 3 or (fields >= 2 and f.filled >= 2))
         and not f.card_fields and not cart and not title_hits("form", f.title))
    # (a form of saved values, or beside a password change, edits the account's settings)
    fire("form", "form:3+ fields, no sign-up, card or message",
         0.2 if settings_page or saved or change or saving or filters else 0.4,
         inputs - f.locked_fields + f.textareas + f.selects + f.radios // 2 >= 3 and not confirm
         and f.long_blocks < 3
         and not (f.passwords and register_words) and not f.card_fields and not f.to_subject)
    fire_short_form(fire, f)  # (the page's one form of a few fields, little else beside it)
    # (a to-do list's ticks are no settings)
    fire("settings", "form:toggles", 0.3,
         f.checkboxes - f.task_checkboxes >= 4 and f.row_checkboxes < 3)
    fire_named_settings(fire, f)  # (choices or saved values the page's words call settings)
    # Table rows of two checkboxes or more and no link: each setting's channels (email, browser,
    # app), a grid of settings; rows of records hold one selector and a link each.
    fire("settings", "form:3+ table rows of checkboxes, no link (a grid of settings)", 0.45,
         f.check_grid_rows >= 3)
    # Switches, three or more and at least half the page's fields: settings turned on and off
    # (connected accounts, notifications); a gallery of inputs shows a switch among many fields.
    fire("settings", "form:3+ switches, half the fields or more (settings turned on and off)",
         0.45, f.switches >= 3
         and 2 * f.switches >= inputs + f.passwords + f.textareas + f.selects + f.checkboxes)
    # (a person's name or an account field among them: the account's own values, its settings)
    fire("settings", "form:3+ fields holding saved values",
         0.4 if f.name_fields or f.account_fields else 0.3, saved)
    fire("settings", "form:several selects", 0.2, f.selects >= 2 and not f.card_fields)
    # (an app's top-bar search beside a side menu or a form with a message box is the app's)
    # (a search home's box is empty: one holding a query shows what was searched for; a select
    # beside it asks a choice; four named columns or five alike rows show records: notes 262,
    # 304; three linked items beside it are a list's: note 329; its own heading: note 335;
    # 1500 characters of text, a message's: note 350)
    fire("search_engine", "form:a search box and little else", 0.45,
         f.search_inputs >= 1 and f.queries == 0 and f.result_blocks < 3 and f.long_blocks == 0
         and f.selects == 0 and f.rows < 5 and f.div_rows < 5 and f.heading_cards < 4
         and f.column_heads < 4 and not f.sidebar and f.list_items < 15 and f.linked_items < 3
         and inputs + f.textareas <= 1 and f.page_screens < 1.6 and f.text_chars < 1500
         and not heads_no_search(f))
    # One long text (three long paragraphs or more under one parent) and no query: the linked
    # headings around it are its teasers (related stories, most read), not a search's results.
    teasers = 0.5 if f.prose_run >= 3 and f.queries == 0 else 1.0
    # Four figures or more under a title that names a dashboard: its tables, lists and
    # teasers are the dashboard's panels (recent orders, latest posts), not what a list page
    # lists; its charts may be a script's, drawn after the read.
    # (three figures under such a title, or three stat widgets beside a side menu, are an app's
    # overview too: a member's dashboard, a template's first page whose charts a script draws)
    # (three figures each over a few words of their own, "589" over "Applied jobs", alone in
    # their boxes: stat tiles, whatever the title or the layout; beside a box to write a message
    # in they are a site's boasts on its contact page, "97,354 Companies", or a post's beside
    # its comments' Reply; a box to write in with no name, email, subject or Reply beside it is
    # a chat's or a note's, a dashboard's panel)
    # (under a title naming another kind of page, "Tables", they are the template's header)
    message_form = f.textareas >= 1 and (f.name_fields + f.account_fields + f.to_subject
                                         + f.reply >= 1)
    # (over a long table of records and no chart they count its records: orders placed, shipped)
    tiles = (f.figure_tiles >= 3 and not f.passwords and not message_form and not counts_records(f)
             and not title_kinds(f.title) - {"dashboard"})
    panels = not f.passwords and ((f.metrics >= 3 and bool(title_hits("dashboard", f.title)))
                                  or sidebar_panels(f) or tiles)  # (no blog's: sidebar_boxes.py)
    fire("dashboard", "stats:3+ figures each over a few words (stat tiles)", 0.45, tiles)
    panels = fire_status_panels(fire, f, shop) or panels  # (a console's rows, its figures)
    # Five linked headings or more, each over a short paragraph of its own (a teaser), no long
    # text and no query: a front page of posts (a blog's, a news section's), a list; its prose
    # is the teasers' and its headings no search's results.
    story = fire_headline_story(fire, f, panels)  # (one story under its headline: headlines.py)
    front = (not panels and not story and f.teaser_heads >= 5 and f.prose_run < 3
             and f.queries == 0 and not search_named(f) and f.long_blocks <= f.result_blocks
             and (not f.passwords or site_boxes_only(f)))
    fire("list", "stats:5+ linked headings over short teasers (a front page of posts)", 0.5, front)
    front = fire_card_list(fire, f, panels or story) or front  # (cards; beside a story none)
    sections = sections_of_records(f)  # (headings over tables of records, no results)
    # (under an empty search box with nothing saying a search was made the linked headings are
    # the page's own items: search_pages.py no_search_shown)
    unsearched = no_search_shown(f, bool(URL_RES["search_results"].search(tail)))
    teasers *= (0.5 if front or sections else 1.0) * (0.5 if unsearched else 1.0)
    # What a search shows: its count of results, its query held, its results (search_pages.py).
    counted, rows_of_results, searched = fire_search_results(fire, f, inputs, teasers)
    fire("search_results", "stats:5+ result blocks", 0.3 * teasers, f.result_blocks >= 5)
    # A mail client (compose and reply), or messages listed by their senders (mail_pages.py).
    mail = fire_mail_client(fire, f, written)
    # A compose control beside five long items or eight alike rows and words of a mailbox, no
    # chart or stat tiles: a mailbox's message list drawn without checkboxes.
    fire("email_inbox", "app:compose beside 5+ message items (a mailbox's list)", 0.45,
         f.compose >= 1 and (f.long_items >= 5 or f.div_rows >= 8) and not mail and not mailbox
         and not f.to_subject and f.charts == 0 and f.widgets < 3 and f.metrics < 4
         and bool(keyword_hits("email_inbox", f.text)))
    # Prose under a search box holding a query and 5+ result headings, or in a search in front,
    # is the results' snippets; beside a mail client's controls, the open message: no article.
    snippets = (f.queries >= 1 and f.result_blocks >= 5) or searched or f.search_in_front
    # On a page of forms the prose beside them is their help text; a story's comment,
    # newsletter and sign-in boxes are a few small forms beside much more prose.
    fire("form", "form:15+ fields in 3+ forms", 0.5, forms_page and not gallery)
    # (a reset form's page may tell of the site below it: its prose no article's)
    # (a sign-up form where the person lands: the prose below it the site's, sign_up_first.py)
    prose = 0.5 if (snippets or mail or forms_page or front or carted or lengthy or saving
                    or message or reset or sign_up_on_arrival(f)) else 1.0
    fire("article", "stats:3+ long text blocks", 0.45 * prose, f.long_blocks >= 3)
    fire("article", "stats:two long text blocks", 0.3 * prose, f.long_blocks == 2)
    fire("article", "stats:a long text block", 0.15 * prose, f.long_blocks == 1)
    fire("article", "stats:<article>", 0.15, f.articles == 1)
    fire("article", "stats:3+ paragraphs", 0.2 * prose,
         f.paragraphs >= 3 and (not f.passwords or f.long_blocks >= 3))
    fire("article", "stats:1500+ characters of prose", 0.2 * prose, f.text_chars >= 1500)
    listed = fire_listed_text(fire, f)  # (a plain-text document, a source file: code_listings.py)
    fire_short_document(fire, f)  # (a server's welcome page, a README: short_documents.py)
    reference = fire_api_reference(fire, f) or listed  # (one type's page, or a file listed)
    # Three headings or more out of links, each over prose of its own (a paragraph, a code
    # sample), few fields and no chart: one written document in sections (documentation, a
    # guide), whose swatches, trees and examples are its illustrations, no list.
    fire("article", "stats:3+ unlinked headings each over prose (a document in sections)", 0.3,
         f.prose_sections >= 3 and fields < 3 and f.charts == 0 and not panels
         and f.queries == 0 and not front)
    fire("article", "stats:3+ long list items (prose in bullets)", 0.2 * prose, bullets(f) >= 3)
    fire("article", "stats:6+ paragraphs", 0.15 * prose,
         f.paragraphs >= 6 and (not f.passwords or f.long_blocks >= 3))
    # A search's results or a dashboard's items (two of: stat tiles, a chart, 4+ figures): no list.
    charted, graphs = fire_charts(fire, f, shop)  # (beside a table; a page of graphs)
    # (an empty search box over headings and less than two long texts: a list's items; beside
    # two long texts or more they may be a story's teasers, no list either)
    results = f.search_inputs and f.result_blocks >= 5 and not sections and not (
        unsearched and f.long_blocks < 2)
    itemized = not panels and not graphs and not results and sum((
        f.widgets >= 3, f.charts >= 1, f.metrics >= 4)) < 2 and not rows_of_results and not charted
    itemized = itemized and not (wizard or counted or lengthy or message or story or found_rows(f)
                                 or reference)
    fire("list", "stats:8+ list items", 0.3,
         f.list_items >= 8 and f.long_blocks + bullets(f) < 3 and itemized)
    fire("list", "stats:8+ linked list items", 0.2,
         f.linked_items >= 8 and f.long_blocks < 3 and itemized)
    fire("list", "stats:4+ prices", 0.3,
         f.prices >= 4 and not f.card_fields and not (cart or panels or ordering or counted))
    fire("list", "stats:8+ alike rows with links", 0.3,
         f.div_rows >= 8 and f.long_blocks < 3 and itemized)
    fire("list", "stats:several <article> cards", 0.25, f.articles >= 4)
    fire("list", "stats:prices under a heading naming a wishlist", 0.45, wishlist)
    # Three rows or more, each a price and a control that adds it to the cart, no query and no
    # cart of one's own: products kept to buy later (a wishlist), a list.
    fire("list", "stats:3+ priced rows that add to the cart (a wishlist)", 0.35,
         f.buyable_rows >= 3 and f.queries == 0 and not counted and not cart
         and not f.card_fields and f.address_fields < 2)
    # A table naming four columns or more over five rows or more with links or buttons, no
    # chart or stat tiles beside: a table of records (files, orders), a list.
    fire("list", "stats:a table's 4+ named columns over 5+ rows with actions", 0.3,
         f.column_heads >= 4 and f.action_rows >= 5 and not mailbox and f.long_blocks < 3
         and itemized and not cart and f.charts == 0 and f.widgets < 3)
    fire_record_table(fire, f, shop)  # (a table of records, nothing else asked, however short)
    fire("email_inbox", "stats:rows with checkboxes", 0.35, mailbox and ticked_rows(f))
    fire("email_inbox", "stats:rows with checkboxes, no word of mail", 0.15,
         ticked_rows(f) and not mailbox)
    fire("list", "stats:rows with checkboxes, no word of mail (a table of records)", 0.25,
         f.row_checkboxes >= 4 and not mailbox and f.long_blocks < 3 and itemized)
    fire("email_inbox", "stats:5+ table rows", 0.1, f.rows >= 5)
    # (a catalogue's cards and the prices drawn big on them are products, no stats: shop)
    fire("dashboard", "stats:4+ metrics", 0.3, f.metrics >= 4 and not shop)
    fire("dashboard", "stats:charts", 0.3, f.charts >= 1)
    fire("dashboard", "stats:3+ stat or chart widgets", 0.3, f.widgets >= 3 and not shop)
    fire("list", "stats:5+ table rows with links or buttons", 0.25,
         f.action_rows >= 5 and not mailbox and f.long_blocks < 3 and itemized)
    fire("dashboard", "stats:tables", 0.1, f.tables >= 1 and f.row_checkboxes < 4)
    # A long table of records is a list even when its rows hold no link or button.
    fire("list", "stats:10+ table rows", 0.35,
         one_table_rows(f) >= 10 and not mailbox and f.long_blocks < 3 and itemized)
    # A table naming 4+ columns under a box to filter it: a table of records, its rows shown
    # or still to come from a script (no chart or stat tiles: a dashboard's table is one part).
    fire("list", "stats:a table's 4+ column headings under a filter box", 0.4,
         f.column_heads >= 4 and f.search_inputs + f.search_named >= 1 and f.queries == 0
         and f.charts == 0 and f.widgets < 3 and not mailbox and f.long_blocks < 3 and itemized
         and not cart)
    # Six cards or more alike, each under its own heading (people, products, courses): records
    # a person browses (no chart or stat tiles: a dashboard's widgets; no three fields: settings).
    fire("list", "stats:6+ alike cards under their own headings", 0.4,
         f.heading_cards >= 6 and f.charts == 0 and f.widgets < 3 and f.metrics < 4
         and inputs + f.passwords + f.textareas + f.selects < 3
         and f.long_blocks < 3 and itemized)
    # The title names what the page is for (medium), its own heading as it does, and the menu
    # item marked as the page shown, with less weight (page_names.py).
    fire_page_names(fire, f, PAGE_TYPES, saved, reset)
    # Keywords (medium, capped)
    for kind in PAGE_TYPES:
        hits = keyword_hits(kind, f.text)[:KEYWORD_CAP] if not (reset and kind == "login") else []
        for word in hits:
            out.append((kind, f"keyword:{word}", KEYWORD_WEIGHT * (
                0.5 if gallery and kind in _FORM_PURPOSES else 1.0)))
    # Layout (low)
    for kind in ("dashboard", "settings", "email_inbox"):
        fire(kind, "layout:sidebar", 0.05, f.sidebar)
    fire("article", "layout:long page", 0.05, f.page_screens >= 2)
    fire("login", "layout:short page", 0.05, f.page_screens < 1.3 and f.passwords == 1)
    return out


def classify(f: Features) -> tuple[str, dict[str, float], list[dict[str, object]]]:
    """(type, score per type, fired signals) for a page's features."""
    fired = _signals(f)  # (each type's score the noisy-or of its weights)
    scores = {kind: round(1 - prod((1 - w for k, _, w in fired if k == kind), start=1.0), 3)
              for kind in PAGE_TYPES}
    best = max(PAGE_TYPES, key=lambda k: scores[k])
    signals = [{"type": k, "signal": name, "weight": w} for k, name, w in fired]
    kind = best if scores[best] >= UNKNOWN_BELOW else (  # design notes 220, 337
        "article" if prose_undecided(f, signals) else undecided(f, signals))
    signals.sort(key=lambda s: (-float(s["weight"]), str(s["type"])))  # type: ignore[arg-type]
    return kind, scores, signals
