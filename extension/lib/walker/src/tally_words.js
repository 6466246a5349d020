// Semantic mode, the page tally's boxes that say what a page is by their class or their words:
// menus drawn as plain lists in <div>s (a class says menu, footer or breadcrumb), headings that
// name a settings page or a wishlist, figures each over a few words (a dashboard's stat tiles) and a line that
// counts a search's results for a query or as only a search counts them. Read over the whole
// document, like the rest of tally.js.

import { MENU_ROLES, MENU_WORDS } from './generated_contract.js';
import { everywhere } from './tally_roots.js';

// A box whose class or id names the page's chrome (its menu, header, footer, breadcrumb, social
// links, side bar, drop-down), or whose role makes it a menu, a tab list or a tree: its lists are
// menus, as a <nav>'s are (semantic/page_words.py agrees: both from models/menus.py).
const MENU_CLASS = new RegExp(`(^|[\\s_-])(${MENU_WORDS.join('|')})([\\s_-]|$)`, 'i');
// (ARIA's role says what an element is, whatever its tag: a <li role="menuitem"> is no list item)
const MENU_ROLE = new Set(MENU_ROLES);
const classOf = (el) => (el && typeof el.className === 'string' ? el.className : '');
const menuRole = (el) => MENU_ROLE.has((el.getAttribute('role') || '').trim().split(/\s+/)[0].toLowerCase());

export function inMenuBox(el) {
  for (let a = el.parentElement; a && a.localName !== 'body' && a.localName !== 'main'; a = a.parentElement) {
    if (MENU_CLASS.test(classOf(a)) || MENU_CLASS.test(a.id || '') || menuRole(a)) return true;
  }
  return false;
}

// An item of a menu, a tab list or a tree, by its own role or by its box's: no item the page
// lists.
export const menuItem = (li) => menuRole(li) || inMenuBox(li);

// A heading that is only the words of a settings page ("Settings", "Account Settings"), or of
// an account's own details being edited ("Edit Profile", "Update User Details").
export const SETTINGS_HEADING = /^(?:(?:account|profile|user|general|privacy|security|notification)\s+)?(?:settings?|preferences)$|^(?:edit|update)\s+(?:your\s+|my\s+)?(?:user\s+|account\s+|personal\s+)?(?:profile|account|details|information|info)$|^(?:einstellungen|paramètres|configuración|ajustes|cài đặt|设置|設定)$/i;

// A heading that is only the words of a wishlist ("Wishlist", "My Wish List"): its priced rows
// are products kept to buy later, whatever their buttons say ("add to card", a template's slip).
export const WISHLIST_HEADING = /^(?:my |your )?(?:wish ?list|wishlist)$|^(?:wunschliste|liste de souhaits|lista de deseos|danh sách yêu thích|愿望清单|心愿单|ほしい物リスト|お気に入り)$/i;

function headingsSaying(words, shown, chrome, limit) {
  let found = 0;
  let n = 0;
  for (const h of everywhere('h1, h2, h3, h4, h5, h6, [role=heading]')) {
    if (++n > limit) break;
    const text = (h.textContent || '').replace(/\s+/g, ' ').trim();
    if (text.length > 40 || !words.test(text) || h.closest(chrome) || !shown(h)) continue;
    found++;
  }
  return found;
}

export const settingsHeadings = (shown, chrome, limit) => headingsSaying(SETTINGS_HEADING, shown, chrome, limit);
export const wishlistHeadings = (shown, chrome, limit) => headingsSaying(WISHLIST_HEADING, shown, chrome, limit);

// A figure over a few words of its own ("589" over "Applied jobs"), the two alone in their box,
// no picture or link in the tile: a dashboard's stat tile, however its class is named. A
// dashboard's figures are totals, one of three digits or more at least; small counts alone
// ("5 Unread", "22 Friends", a wizard's "1 Account") are a mailbox's, a profile's or steps.
// A figure under a bill's words ("Subtotal" over "$49.99", "Taxes", "Coupon Discount") is a
// line of a cart's or an order's summary, no stat tile: it sums what is bought.
const FIGURE = /^[+\-]?[$€£¥]?\d[\d.,]*\s?(?:%|k|m|bn)?$/i;
const LABEL = /^[\p{L}][\p{L}'’&/ -]{1,40}$/u;
const BILL_LINE = new RegExp('^(?:sub[- ]?total|(?:grand |order )?total|(?:estimated |sales )?tax(?:es)?'
  + '|vat|shipping|delivery|(?:coupon )?discount|fees?)$', 'i');
const ownText = (el) => (el.textContent || '').replace(/\s+/g, ' ').trim();

// A stat card says the same in three lines: its label, its figure with the change beside it
// ("4,42,236 59.3%", "$35,078 ↑ 27.4%") and a short line under them ("You made an extra 35,000
// this year"); a product's card is a picture and a link, which no tile holds.
const CHANGE = /\s+[+\-↑↓▲▼]?\s?\d[\d.,]*\s?%$/;
const NOTE_CHARS = 80;
const figureOf = (text) => FIGURE.test(text) || FIGURE.test(text.replace(CHANGE, ''));

// Every such box counts as a figure a page puts up front (`figure_labels`, design note 274:
// "RPS" over "4.3", "Failures" over "8%" in a load test's top bar), whatever its size and
// wherever it is.
export function figureTiles(shown, chrome, limit) {
  let tiles = 0;
  let labelled = 0;
  let total = false;
  let n = 0;
  for (const box of everywhere('div, li, section')) {
    if (++n > limit * 5) break;
    const kids = [...box.children].filter((c) => ownText(c));
    if (kids.length < 2 || kids.length > 3 || box.querySelector('img, a[href], button, input')) continue;
    const [first, second, note] = kids.map(ownText);
    if (note !== undefined && (note.length > NOTE_CHARS || figureOf(first) || !figureOf(second))) continue;
    const label = figureOf(first) ? second : figureOf(second) ? first : null;
    if (label === null || !LABEL.test(label) || label.split(' ').length > 4) continue;
    if (BILL_LINE.test(label)) continue;
    if (box.closest('a[href]') || !shown(box)) continue;
    labelled++;
    if (box.closest(chrome)) continue;
    tiles++;
    total = total || (label === second ? first : second).replace(CHANGE, '').replace(/\D/g, '').length >= 3;
  }
  return { figure_tiles: total ? tiles : 0, figure_labels: labelled };
}

// A line that counts a search's results for a query ("123 Results For ...", "3,145 results
// find for “ui design”", "Showing results for ..."): the page shows what was searched for,
// its box empty or not.
const RESULTS_FOR = /(^|[^\p{L}])results?(?:\s+\p{L}+){0,2}\s+for(?![\p{L}])/iu;
// A count of results only a search gives: an estimate ("About 94,700,000 results") or with the
// time the search took ("(0.39 sec.)", "in 0.4 seconds"). A catalogue knows how many it holds
// and takes no time to say it ("52 Results Found", "Showing 1–12 of 54 results" count a shop's).
const RESULTS_WORD = /(^|[^\p{L}])results?(?![\p{L}])/iu;
const ESTIMATED = /(?:^|\bof\s+)(?:about|approximately|approx\.|around|roughly)\s+\d/iu;
const TIMED = /(?:\(\s*|\bin\s+)\d+(?:[.,]\d+)?\s*(?:s|secs?|seconds?)(?![\p{L}])/iu;
const searchCount = (text) => RESULTS_WORD.test(text) && /\d/.test(text)
  && (ESTIMATED.test(text) || TIMED.test(text));

export function resultsFor(shown, chrome, limit) {
  let found = 0;
  let n = 0;
  for (const el of everywhere('h1, h2, h3, h4, h5, h6, p, span, div')) {
    if (++n > limit * 5) break;
    if (el.childElementCount > 3) continue;
    const text = ownText(el);
    if (!text || text.length > 80 || !(RESULTS_FOR.test(text) || searchCount(text))) continue;
    if (el.closest(`a[href], ${chrome}`) || !shown(el)) continue;
    found++;
    break;
  }
  return found;
}

// A line that counts results and nothing else ("1, 254 results found.", "52 Results Found",
// "About 3,100 results") after the page's own search box (one in its content, not the top
// bar's site search): the page shows what that box found. A shop's "65,867 Results found" under
// only the top bar's box counts its catalogue; "Showing 1–12 of 54 results" counts a page of it.
const COUNTED = /^(?:about\s+)?\d[\d.,\s]*\s+results?(?:\s+found)?[.!]?$/iu;

export function countedUnder(box, shown, chrome, limit) {
  let n = 0;
  for (const el of everywhere('h1, h2, h3, h4, h5, h6, p, span, div, strong')) {
    if (++n > limit * 5) break;
    if (el.childElementCount > 3) continue;
    const text = (el.textContent || '').replace(/\s+/g, ' ').trim();
    if (!text || text.length > 40 || !COUNTED.test(text)) continue;
    if (!(box.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    if (el.closest(`a[href], ${chrome}`) || !shown(el)) continue;
    return 1;
  }
  return 0;
}
