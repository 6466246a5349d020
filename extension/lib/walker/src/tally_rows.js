// Semantic mode, the page tally's rows of controls that say what a page is for: switches and
// grids of checkboxes (settings turned on and off), rows of priced products a person can take
// out or count (a cart), a box of tasks ticked off (a to-do list) and a form's numbered steps
// (a wizard). Read over the whole document, like the rest of tally.js.
import { everywhere } from './tally_roots.js';

// A checkbox drawn as a switch: role=switch, a small box two or three times as wide as high
// (a track and its knob; a page's "input {width: 100%}" stretches a checkbox much further), or
// a class of its own or of its wrapper that calls it a switch or a toggle.
const SWITCH_CLASS = /(^|[\s_-])(switch|toggle)([\s_-]|$)/i;
const classOf = (el) => (el && typeof el.className === 'string' ? el.className : '');

export function isSwitch(el) {
  if (el.getAttribute('role') === 'switch') return true;
  const box = el.getBoundingClientRect();
  if (box.height >= 8 && box.width <= 80 && box.width >= 1.6 * box.height
    && box.width <= 3.2 * box.height) return true;
  return SWITCH_CLASS.test(classOf(el)) || SWITCH_CLASS.test(classOf(el.parentElement));
}

// A switch in a record's row: the row (one of alike rows) links to a page of its own and holds a
// button besides the switch (Airflow's DAG cards: a name linked to the DAG, Trigger and
// Delete). The switch pauses or enables that record; a settings row holds no such link.
export function recordSwitch(el, row) {
  if (!row) return false;
  const own = (a) => a.contains(el) || el.contains(a);
  const linked = [...row.querySelectorAll('a[href]')].some((a) => !own(a)
    && !(a.getAttribute('href') || '').startsWith('#') && (a.textContent || '').trim());
  return linked && [...row.querySelectorAll('button, [role=button]')].some((b) => !own(b));
}

// A row of two checkboxes or more and no link, in a table whose columns are named: one
// setting's channels (email, browser, app), a grid of settings; a row of records is selected by
// one box and opens by a link, a mailbox's rows name no columns.
export function inCheckGrid(el) {
  const tr = el.closest('tr');
  const table = tr && tr.closest('table');
  return Boolean(tr && !tr.querySelector('a[href]') && table && table.querySelector('th')
    && tr.querySelectorAll('input[type=checkbox], [role=checkbox], [role=switch]').length >= 2);
}

// (semantic/page_features.py's _PRICE)
const PRICE = /(?:[$€£¥₫]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|₫|円|元|usd|eur|vnd))/i;
// A control that takes a line out of what is being bought: its words ("Remove", "Remove Red
// Apples", "×"), its aria-label or title, or a class calling it so (an icon with no words).
const REMOVE_WORDS = /^(?:remove|delete|entfernen|supprimer|eliminar|quitar|xóa)(?![\p{L}])|^(?:×|✕|✖|x)$|^(?:删除|移除|削除)/iu;
// (an icon button's class says it in a word, its short form or its icon: "del", "trash",
// "cross", "times")
const REMOVE_CLASS = /(^|[\s_-])(remove|delete|del|trash|cross|times|close)([\s_-]|$)/i;
const ADD_TO_CART = /add to (?:cart|bag|basket)|in den warenkorb|ajouter au panier|añadir al carrito|加入购物车|thêm vào giỏ|カートに入れる/i;
// An order's state shown alone in its row ("Pending", "Delivered"): a row of an order list,
// bought already, which no cart's line shows.
const ORDER_STATE = /^(?:pending|processing|on hold|shipped|in transit|delivered|completed|cancell?ed|refunded|returned)$/i;
const showsOrderState = (row) => [...row.querySelectorAll('*')].some((c) => c.childElementCount === 0
  && ORDER_STATE.test((c.textContent || '').replace(/\s+/g, ' ').trim()));

// (an icon link that shows no words and is its wrapper's only control takes the wrapper's
// class: `<div class="trash-icon"><a href="#"><svg>`)
const removes = (el) => {
  const said = [el.textContent, el.getAttribute('aria-label'), el.getAttribute('title')]
    .map((s) => (s || '').replace(/\s+/g, ' ').trim()).filter(Boolean);
  if (said.some((s) => REMOVE_WORDS.test(s)) || REMOVE_CLASS.test(classOf(el))) return true;
  const wrapper = el.parentElement;
  return said.length === 0 && Boolean(wrapper) && REMOVE_CLASS.test(classOf(wrapper))
    && wrapper.querySelectorAll('a[href], button, [role=button]').length === 1;
};

/** Rows holding a price and a control that takes the row out, and no "Add to cart" (a
 * wishlist's rows add to the cart) nor an order's state: the lines of a cart.
 * ``rowAbove`` and ``shown`` are the
 * tally's; ``chrome`` its selector of the page's chrome (a top bar's mini-cart is no page's). */
// A cart's line: the box around a control, one of ``fewest`` alike siblings or more (three: a
// cart of three lines is one still; rowAbove asks four of a list).
export function lineAbove(el, steps, fewest = 3) {
  for (let a = el.parentElement, i = 0; a && i < steps; a = a.parentElement, i++) {
    const p = a.parentElement;
    if (!p || ['body', 'html', 'main', 'form'].includes(a.localName)) return null;
    const key = `${a.localName} ${a.getAttribute('class') || ''}`;
    const alike = [...p.children].filter((c) => `${c.localName} ${c.getAttribute('class') || ''}` === key);
    if (alike.length >= fewest) return a;
  }
  return null;
}

export function removableRows(rowAbove, shown, chrome, limit) {
  const rows = new Set();
  let n = 0;
  for (const el of everywhere('a[href], button, [role=button]')) {
    if (++n > limit) break;
    if (!removes(el) || el.closest(chrome) || !shown(el)) continue;
    // (two alike lines, each a price and a control taking it out, are a cart of two: asked
    // only when no row of three or more holds the control)
    const row = rowAbove(el, 6, true) || lineAbove(el, 6) || lineAbove(el, 6, 2);
    if (!row || rows.has(row)) continue;
    const text = row.textContent || '';
    if (PRICE.test(text) && !ADD_TO_CART.test(text) && !showsOrderState(row)) rows.add(row);
  }
  return rows.size;
}

// Rows of priced products, each with a control that adds it to the cart (a wishlist's table, a
// saved list): products a person keeps to buy later, a list.
export function buyableRows(rowAbove, shown, chrome, limit) {
  const rows = new Set();
  let n = 0;
  for (const el of everywhere('a[href], button, [role=button], input[type=submit]')) {
    if (++n > limit) break;
    const said = (el.textContent || el.value || el.getAttribute('aria-label') || '').trim();
    if (!ADD_TO_CART.test(said) || el.closest(chrome) || !shown(el)) continue;
    const row = rowAbove(el, 6, true) || lineAbove(el, 6);
    if (row && PRICE.test(row.textContent || '')) rows.add(row);
  }
  return rows.size;
}

// A field between a "−" and a "+" (its own siblings or its wrapper's): a count a person steps
// down and up, a cart line's quantity, however the field is typed or named.
const LESS = /^(?:-|−|–|minus|decrease|decrement)$/i;
const MORE = /^(?:\+|＋|plus|increase|increment)$/i;
const words = (el) => [el.textContent, el.getAttribute('aria-label'), el.getAttribute('title')]
  .map((s) => (s || '').replace(/\s+/g, ' ').trim()).filter(Boolean);

export function isStepper(field) {
  for (let box = field, i = 0; box && i < 2; box = box.parentElement, i++) {
    const before = box.previousElementSibling;
    const after = box.nextElementSibling;
    if (before && after && words(before).some((s) => LESS.test(s))
      && words(after).some((s) => MORE.test(s))) return true;
  }
  return false;
}

// A checkbox in a box headed as tasks or a to-do list: it marks a task done (some ticked, some
// not), no mailbox's or table's row selector. The box is the nearest one holding a heading
// before the checkbox.
const TASKS = /^(?:my |today'?s |open )?(?:tasks?|to-?dos?|to do(?: list)?|checklist)(?![\p{L}])/iu;
const HEADING = 'h1, h2, h3, h4, h5, h6, [role=heading]';

/** ``firstHeading``: the tally's memo, box → its first heading (null: none). */
export function inTaskList(el, firstHeading) {
  for (let box = el.parentElement, i = 0; box && i < 10; box = box.parentElement, i++) {
    if (!firstHeading.has(box)) firstHeading.set(box, box.querySelector(HEADING));
    const heading = firstHeading.get(box);
    if (heading && heading.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) {
      return TASKS.test((heading.textContent || '').replace(/\s+/g, ' ').trim());
    }
  }
  return false;
}

// A form's steps: tabs, items or headings that open with "Step 1", "Steps 02" (a wizard's
// progress over its fields). The count of distinct step numbers shown.
const STEP = /^(?:steps?|étape|paso|schritt|passo|bước)\s*0*([1-9]\d?)(?![\p{N}])|^步骤\s*0*([1-9]\d?)/iu;

export function wizardSteps(shown, limit) {
  const numbers = new Set();
  let n = 0;
  for (const el of everywhere('li, [role=tab], h2, h3, h4, h5, h6')) {
    if (++n > limit) break;
    const text = (el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const step = STEP.exec(text);
    if (step && shown(el)) numbers.add(step[1] || step[2]);
  }
  return numbers.size;
}
