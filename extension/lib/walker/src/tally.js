// Semantic mode: the whole document's shape (its shadow trees too: tally_roots.js), whatever
// window the records cover, so the host types the page from all of it: form fields, lists, prose,
// tables, result headings, and the labels several controls share (ids qualify them by row).
import { controlWords, namedWords, wordlessName, withoutBadge } from './wordless_name.js';
import { labelAboveText } from './person_name.js';
import { personContext } from './person_context.js';
import { fieldNamesShared } from './field_twins.js';
import { baseWords } from './twin_dest.js';
import { INLINE_TAGS } from './tags.js';
import { offCanvas } from './off_canvas.js';
import { clippedAway } from './clipped_away.js';
import { buyableRows, inCheckGrid, inTaskList, isStepper, isSwitch, lineAbove, recordSwitch, removableRows, wizardSteps } from './tally_rows.js';
import { countedUnder, figureTiles, inMenuBox, menuItem, resultsFor, settingsHeadings, wishlistHeadings } from './tally_words.js';
import { linkedAway, proseSections } from './tally_sections.js';
import { listCards } from './tally_cards.js';
import { postCounts } from './tally_posts.js';
import { datedHeadlines, datedUnder } from './tally_dated.js';
import { linkedItems } from './tally_items.js';
import { describedItems } from './tally_described.js';
import { CARD, lonePasswords, otherSecret } from './tally_passwords.js';
import { ownHeading } from './tally_lead.js';
import { bodyRuns, brRuns } from './tally_runs.js';
import { drawnCharts, periodGraphs } from './tally_graphs.js';
import { figureItem, tableCounts } from './tally_tables.js';
import { beginTally, everywhere } from './tally_roots.js';
import { contentsEntry } from './tally_contents.js';
import { linkRows } from './tally_link_rows.js';

export function pageTally() {
  const started = performance.now();
  beginTally();
  const LIMIT = 4000;
  const shown = (el) => (typeof el.checkVisibility === 'function'
    ? el.checkVisibility({ visibilityProperty: true }) : el.getClientRects().length > 0);
  // A field under an opacity:0 box (a sign-up stacked under a sign-in), off the canvas or in a
  // panel folded shut by its overflow clip: none to fill.
  const fillable = (el) => (typeof el.checkVisibility === 'function'
    ? el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) : shown(el))
    && !offCanvas(el) && !clippedAway(el);
  // A checkbox or radio drawn by its label (Bootstrap's custom controls) is one a person ticks
  // too; not one its author hid from assistive technology: a state for styles only (note 298).
  const tickable = (el) => !el.closest('[aria-hidden="true"]') && (fillable(el) || [...(el.labels
    || [])].some((label) => fillable(label) && label.getClientRects().length > 0));
  const CHROME = 'nav, header, footer, aside, [role=navigation], [role=banner], [role=contentinfo], '
    + '[role=complementary]';
  const CJK = /[\u3000-\u30ff\uff00-\uffef\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/g;
  const reading = (s) => s.length + ((s.match(CJK) || []).length);
  const SEARCH_NAMES = new Set(['q', 'query', 'search', 'wd', 's']);
  // (the words of semantic/page_features.py's _CURRENT; "_" parts words too: current_password)
  const CURRENT = /(^|[^\p{L}\p{N}])(current|old|existing|present|actual|aktuelles?|altes?|actuel|ancien)(?![\p{L}\p{N}])|当前|原密码|旧密码|hiện tại|mật khẩu cũ|現在/iu;
  // A field that asks for a password by its words, whatever its type (a template's sign-in box
  // typed "text" under the placeholder "Password"): short words, no address or user name asked
  // (semantic/page_features.py's _asks_password). It is the page's password field, no text field.
  const PASSWORD_WORD = /(^|[^\p{L}\p{N}])(password|passwort|mot de passe|contraseña|senha|mật khẩu)(?![\p{L}\p{N}])|密码|パスワード/iu;
  const NOT_PASSWORD = /e-?mail|user|login|name|address|forgot|reset|hint/i;
  // (short together, or each of its words saying it: a label "New Password Confirmation" beside
  // the placeholder "Enter your new password again" asks a password, though long together; a
  // sample field's "Jane Doe" beside "Your password is strong." asks a name)
  const asksPassword = (el) => {
    const said = [...(el.labels || [])].map((l) => l.textContent).concat([
      el.getAttribute('aria-label'), el.getAttribute('placeholder')]).filter(Boolean)
      .map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean);
    const joined = said.join(' ');
    const short = joined.length > 0 && joined.length <= 40 && PASSWORD_WORD.test(joined);
    const each = said.length > 0 && said.every((s) => s.length <= 40 && PASSWORD_WORD.test(s));
    return (short || each) && !NOT_PASSWORD.test(joined);
  };
  // A field a person cannot change (disabled, read-only) is asked of nobody: a password reset's
  // locked address says whose password is renewed.
  const locked = (el) => el.disabled || el.readOnly;
  const SEARCH_WORD = /search|搜索|tìm kiếm|buscar|suche|rechercher|検索/i;
  // How many of a thing a person wants, asked in a row beside its price: a cart's line.
  // (the words of semantic/page_features.py's _ADDRESS: a checkout's address below the first screen)
  const ADDRESS = /address|street|zip|postal|city|地址|địa chỉ|dirección|adresse|住所/i;
  // (a field tied to no label is named by its box's short text: "<div><input><label>City")
  const boxWords = (el) => (el.parentElement && el.parentElement.querySelectorAll(
    'input, select, textarea').length === 1 ? (el.parentElement.textContent || '').trim().slice(0, 80) : '');
  const QUANTITY = /(^|[^\p{L}])(qty|quantity|quantité|cantidad|menge|anzahl|số lượng)(?![\p{L}])|数量|個数/iu;
  const NO_ROW = new Set(['li', 'tr', 'td', 'th', 'body', 'html', 'main', 'form', 'ul', 'ol', 'table', 'tbody']);
  const t = { passwords: 0, current_passwords: 0, text_inputs: 0, search_inputs: 0, textareas: 0, selects: 0, checkboxes: 0,
    radios: 0, list_items: 0, linked_items: 0, long_blocks: 0, paragraphs: 0, text_chars: 0, tables: 0, rows: 0, table_rows_max: 0, stat_rows: 0,
    articles: 0, result_blocks: 0, row_checkboxes: 0, div_rows: 0, repeated: [], long_pre: 0, long_items: 0, widgets: 0, figure_items: 0,
    action_rows: 0, charts: 0, forms: 0, column_heads: 0, heading_cards: 0, prose_run: 0, teaser_heads: 0,
    quantity_fields: 0, switches: 0, check_grid_rows: 0, removable_rows: 0, wizard_steps: 0, task_checkboxes: 0,
    settings_headings: 0, wishlist_headings: 0, figure_tiles: 0, results_for: 0, results_under_search: 0, buyable_rows: 0,
    locked_fields: 0, newsletter_fields: 0, address_fields: 0, prose_sections: 0, list_cards: 0, post_bylines: 0,
    dated_headlines: 0, own_dated: 0, article_posts: 0, titled_items: 0, control_labels: [], partial: false };
  // (the site's menus before the page's own heading are no list, result or card of the page's)
  const own = ownHeading(shown, CHROME, LIMIT);
  const ahead = own.ahead;
  Object.assign(t, { own_heading: own.text, lead_links: own.lead, own_heading_top: own.top });
  const rowOf = new Map();  // a repeated row (one of 4+ alike siblings) of an element
  const alikeMemo = new Map();  // parent → (tag + class → count)
  const alike = (el) => {
    const p = el.parentElement;
    if (!p || p.childElementCount < 4) return 0;
    let counts = alikeMemo.get(p);
    if (!counts) {
      counts = new Map();
      for (const c of p.children) {
        const key = `${c.localName} ${c.getAttribute('class') || ''}`;
        counts.set(key, (counts.get(key) || 0) + 1);
      }
      alikeMemo.set(p, counts);
    }
    return counts.get(`${el.localName} ${el.getAttribute('class') || ''}`) || 0;
  };
  const rowAbove = (el, steps, items = false) => {
    for (let a = el.parentElement, i = 0; a && i < steps; a = a.parentElement, i++) {
      if (a.localName === 'tr' || (items && a.localName === 'li')) return a;
      if (!NO_ROW.has(a.localName) && alike(a) >= 4) return a;
    }
    return null;
  };
  // Prose counts once: a story never repeats a paragraph, a template's widgets and teaser
  // lists do (the same placeholder in four cards is one text, not four).
  const onceIn = (seen) => (text) => (seen.has(text) ? false : (seen.add(text), true));
  const [onceItem, once] = [onceIn(new Set()), onceIn(new Set())];
  let n = 0;
  const gridRows = new Set();  // table rows of a grid of settings' checkboxes
  const headings = new Map();  // a box → its first heading (inTaskList)
  let contentSearch = null;  // the first search box out of the chrome (countedUnder)
  // A form asking one thing under "Subscribe" or "Newsletter": the site's newsletter box, asked
  // of every reader beside whatever the page is for (a reset's new password, twice).
  const NEWSLETTER = /subscri|newsletter|abonn|suscr|订阅|購読/i;
  const newsletterBox = (el) => {
    const form = el.closest('form');
    if (!form || form.querySelectorAll('input:not([type=hidden]):not([type=submit]):not([type=button])'
      + ':not([type=checkbox]):not([type=image]), textarea, select').length !== 1) return false;
    const values = [...form.querySelectorAll('input[type=submit], input[type=button]')].map((b) => b.value);
    return NEWSLETTER.test(`${form.textContent} ${values.join(' ')}`);
  };
  for (const el of everywhere('input, textarea, select')) {
    if (++n > LIMIT) { t.partial = true; break; }
    const tag = el.localName;
    const type = (el.getAttribute('type') || 'text').toLowerCase();
    if (!(type === 'checkbox' || type === 'radio' ? tickable(el) : fillable(el)) || own.above(el)) continue;
    if ((tag === 'select' || ['text', 'email', 'tel', 'number', ''].includes(type)) && ADDRESS.test(`${el.name} `
      + `${el.id} ${el.getAttribute('aria-label') || ''} ${el.getAttribute('placeholder') || ''} `
      + `${el.getAttribute('autocomplete') || ''} ${[...(el.labels || [])].map((l) => l.textContent).join(' ')} `
      + `${tag === 'select' ? '' : boxWords(el)}`)) {
      t.address_fields++;
    }
    if (tag === 'textarea') t.textareas++;
    else if (tag === 'select') t.selects++;
    else if (type === 'password') {
      const named = `${el.name} ${el.id} ${el.getAttribute('autocomplete') || ''}`;
      if (!CARD.test(named) && !otherSecret(el)) t.passwords++;  // (note 303)
      // The current password asked for, wherever it is (a password change below the first screen
      // is no sign-up's), by its words, a label above it or a camelCase id ("currentPassword").
      const said = [...(el.labels || [])].map((l) => l.textContent).concat([labelAboveText(el),
        el.getAttribute('aria-label'), el.getAttribute('placeholder'), el.name, el.id]).join(' ');
      if (!CARD.test(named) && CURRENT.test(said.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2'))) {
        t.current_passwords++;
      }
    } else if (type === 'checkbox') {
      t.checkboxes++;
      // (a checkbox with a sentence of its own is a setting's toggle in a list of settings; a
      // row's selector is named by its row, or "Select")
      const own = [...(el.labels || [])].map((l) => l.textContent).join(' ')
        || el.getAttribute('aria-label') || '';
      const toggle = own.trim().split(/\s+/).length >= 4 && !/^\s*(select|choose|mark|check|toggle|pick)\b/i.test(own);
      // (a switch, or one of a grid row's checkboxes, is a setting: no row's selector; a
      // switch in a record's row, beside its link and buttons, turns that record on: note 293)
      const grid = inCheckGrid(el);
      const settingSwitch = isSwitch(el) && !recordSwitch(el, rowAbove(el, 6, true));
      if (grid) gridRows.add(el.closest('tr'));
      if (settingSwitch && !el.closest(CHROME)) t.switches++;
      const setting = settingSwitch || grid;
      // (a box headed "Tasks" ticks tasks off: no row's selector, no setting either)
      const task = inTaskList(el, headings);
      if (task) t.task_checkboxes++;
      if (rowAbove(el, 6, true) && !toggle && !setting && !task) t.row_checkboxes++;
    } else if (type === 'radio') t.radios++;
    else if (['text', 'email', 'tel', 'url', 'number', 'search', ''].includes(type)) {
      // (a field whose words ask what to search for, in a form or holding a query, is a search
      // box too: semantic/page_features.py's records say so of the first screen's)
      const asks = SEARCH_WORD.test(`${el.name} ${el.id} ${el.getAttribute('aria-label') || ''} `
        + `${el.getAttribute('placeholder') || ''} ${[...(el.labels || [])].map((l) => l.textContent).join(' ')}`);
      if (type === 'search' || el.getAttribute('role') === 'searchbox' || SEARCH_NAMES.has(el.name)
        || (asks && (el.closest('form') || (el.value || '').trim()))) {
        t.search_inputs++;
        // (the first search box of the page's own content: out of its bars and menus, tagged
        // or named by a class: a top bar's `<div class="desk-nav">`)
        if (!contentSearch && !el.closest(CHROME) && !inMenuBox(el)) contentSearch = el;
      } else if (['text', 'email', ''].includes(type) && asksPassword(el)) t.passwords++;
      else {
        t.text_inputs++;
        if (locked(el)) t.locked_fields++;
        if (newsletterBox(el)) t.newsletter_fields++;
      }
      const asked = `${el.name} ${el.id} ${el.getAttribute('aria-label') || ''} ${el.getAttribute('placeholder') || ''} `
        + [...(el.labels || [])].map((l) => l.textContent).join(' ');
      // (a field between "−" and "+" is a count stepped down and up, however it is named)
      // (a cart's lines drawn as three alike boxes are rows too: rowAbove asks four of a list)
      if ((type === 'number' || QUANTITY.test(asked) || isStepper(el))
        && (rowAbove(el, 6, true) || lineAbove(el, 6))) {
        t.quantity_fields++;
      }
    }
  }
  t.check_grid_rows = gridRows.size;
  n = 0;
  for (const li of everywhere('li')) {
    if (++n > LIMIT) { t.partial = true; break; }
    if (li.closest(CHROME) || !shown(li)) continue;
    // (a list in a box whose class calls it a menu, a header or a footer, or before the page's
    // own heading, is a menu too; its long items are prose still)
    if (!menuItem(li) && !ahead(li) && !contentsEntry(li)) {  // (a contents' entry: none)
      t.list_items++, t.figure_items += figureItem(li);  // (a label and its figure: note 274)
      if (li.querySelector(':scope > a, :scope > * > a')) t.linked_items++;
    }
    const raw = li.textContent || '';
    const item = raw.length >= 150 ? raw.replace(/\s+/g, ' ').trim() : '';
    if (item && reading(item) >= 150 && onceItem(item)) t.long_items++;
  }
  n = 0;
  let preChars = 0;
  // Long paragraphs under one parent, out of the chrome: a run of them is one long text (a
  // story's body), where a results page holds each snippet in its own result.
  const longUnder = new Map();
  const longIn = (parent) => {
    if (!parent || parent.closest(CHROME)) return;
    const count = (longUnder.get(parent) || 0) + 1;
    longUnder.set(parent, count);
    t.prose_run = Math.max(t.prose_run, count);
  };
  // A paragraph written without <p>: its words, and a long block (in `box`, when given).
  const paragraph = (text, box) => {
    const weight = reading(text);
    if (weight >= 200) { t.long_blocks++; if (box) longIn(box); }
    t.paragraphs++;
    t.text_chars += weight;
  };
  for (const el of everywhere('p, blockquote, dd, pre')) {
    if (++n > LIMIT) { t.partial = true; break; }
    const text = (el.textContent || '').replace(/\s+/g, ' ').trim();
    // (one holding a table is no prose: a quirks-mode <p> runs on over tables; note 316)
    if (text.length < 40 || !shown(el) || el.querySelector('table')) continue;
    const weight = reading(text);
    const tag = el.localName;
    if (tag === 'p' && el.querySelector('br') && !el.closest(CHROME)) {
      // (a <p> written as runs its <br>s end, three of 100 characters or more: a pasted story's
      // paragraphs in one <p>, or in one <span> in it; each run counts as a paragraph does. Two
      // are a letter's lines as often, a sample message in a mail being written)
      const runs = brRuns(el);
      if (runs.length >= 3) {
        for (const run of runs) if (once(`br ${run}`)) paragraph(run, el);
        continue;
      }
    }
    if (tag === 'pre') preChars += weight;
    else if (!once(`${tag} ${text}`)) continue;
    else if (weight >= 200) { t.long_blocks++; if (tag !== 'dd') longIn(el.parentElement); }
    if (tag === 'p' && weight >= 100) t.paragraphs++;
    t.text_chars += weight;
  }
  // Paragraphs written without <p>: runs of text and inline elements a <br> or a block ends,
  // straight in a <div> or a cell (an old blog's post body). They count as paragraphs do.
  n = 0;
  const brBoxes = new Set();  // the boxes whose text is written in <br> runs
  for (const br of everywhere('div > br, td > br, section > br, article > br')) {
    if (++n > LIMIT) { t.partial = true; break; }
    const box = br.parentElement;
    let run = '';  // (the run this <br> ends: after a second <br> it is blank)
    for (let node = br.previousSibling; node; node = node.previousSibling) {
      if (node.nodeType === 3) run = node.textContent + run;
      else if (node.nodeType === 1 && INLINE_TAGS.has(node.localName)) run = node.textContent + run;
      else if (node.nodeType === 1) break;
    }
    const text = run.replace(/\s+/g, ' ').trim();
    if (text.length < 100 || !shown(box) || !once(`br ${text}`)) continue;
    brBoxes.add(box);
    paragraph(text, box);
  }
  // Paragraphs written straight in the body, no box of their own (tth's TeX pages: note 365).
  for (const run of bodyRuns()) if (once(`br ${run}`)) paragraph(run, document.body);
  // In a body written in <br> runs, a <div> holding only text and inline elements is one of
  // its paragraphs too (a blog editor wraps some lines in <div>s, its postscript in one).
  for (const box of brBoxes) {
    for (const div of box.querySelectorAll(':scope > div, :scope > div > div')) {
      const inlineOnly = (c) => INLINE_TAGS.has(c.localName) || c.localName === 'br';
      if (![...div.children].every(inlineOnly)) continue;
      const text = (div.textContent || '').replace(/\s+/g, ' ').trim();
      if (text.length < 100 || div.closest(CHROME) || !shown(div) || !once(`br ${text}`)) continue;
      paragraph(text, null);
    }
  }
  // Paragraphs written as <div>s of text and inline elements (a <span> and its links), three or
  // more under one box two levels up at most: a story's body without <p> (a results page's
  // snippets each sit in a result of their own, further apart). A body of <br> runs is above.
  n = 0;
  const divParagraphs = new Map();  // box → its <div> paragraphs
  for (const div of everywhere('div')) {
    if (++n > LIMIT * 5) { t.partial = true; break; }
    if (brBoxes.has(div) || ![...div.children].every((c) => INLINE_TAGS.has(c.localName)
      || c.localName === 'br')) continue;
    const text = (div.textContent || '').replace(/\s+/g, ' ').trim();
    if (text.length < 100 || div.closest(CHROME) || !shown(div)) continue;
    // (a box of links, a tag cloud or a menu, is no paragraph: its words are mostly linked)
    const linked = [...div.querySelectorAll('a')].reduce((sum, a) => sum + (a.textContent || '')
      .replace(/\s+/g, ' ').trim().length, 0);
    if (linked * 2 > text.length) continue;
    const box = div.parentElement && div.parentElement.childElementCount === 1
      ? div.parentElement.parentElement : div.parentElement;
    if (!box) continue;
    if (!divParagraphs.has(box)) divParagraphs.set(box, []);
    divParagraphs.get(box).push(text);
  }
  for (const [box, texts] of divParagraphs) {
    if (texts.length < 3) continue;
    for (const text of texts) {
      if (!once(`br ${text}`)) continue;  // (a <br> body's <div> counted above)
      paragraph(text, box);
    }
  }
  if (preChars >= 3000) t.long_pre = 1;  // a plain-text document (an RFC, a man page)
  Object.assign(t, tableCounts(shown, CHROME, LIMIT));  // tables, rows, and the most rows in one
  t.articles = everywhere('article').length;
  // A linked heading over a teaser: its own card (its parent, or the parent's parent, holding
  // no other linked heading) holds a short paragraph (a post's excerpt, a story's standfirst).
  const teaserUnder = (h) => {
    for (let card = h.parentElement, i = 0; card && i < 2; card = card.parentElement, i++) {
      if (card.querySelectorAll('h2 a[href], h3 a[href], a[href] h2, a[href] h3').length > 1) return false;
      for (const p of card.querySelectorAll('p')) {
        const len = (p.textContent || '').replace(/\s+/g, ' ').trim().length;
        if (len >= 40 && len <= 400 && !h.contains(p) && shown(p)) return true;
      }
    }
    return false;
  };
  // Result headings a person sees (a closed drop-down's message previews are none), ARIA
  // headings too (a shop's result titles are <span role=heading aria-level=3> in their links).
  n = 0;
  for (const h of everywhere('h2, h3, [role=heading][aria-level="2"], '
    + '[role=heading][aria-level="3"]')) {
    if (++n > LIMIT) { t.partial = true; break; }
    if (linkedAway(h) && shown(h) && !ahead(h) && !h.closest('nav, [role=navigation]')) {  // (a menu's headings)
      t.result_blocks++;
      if (teaserUnder(h)) t.teaser_heads++;
    }
  }
  const WIDGET = /(^|[\s_-])(kpi|stat|stats|metric|widget|info-box|small-box|chart)([\s_-]|$)/i;
  // A stat or chart widget shows a figure: a drawing, a progress bar, or a number in a few
  // words (a blog sidebar's "widget" boxes hold an archive, labels, a profile: no figure).
  const holdsFigure = (el) => {
    if (el.querySelector('canvas, svg, progress, [role=progressbar]')) return true;
    const text = (el.textContent || '').replace(/\s+/g, ' ').trim();
    return text.length <= 120 && /\d/.test(text);
  };
  n = 0;
  for (const el of everywhere('[class*=kpi], [class*=stat], [class*=metric], '
    + '[class*=widget], [class*=info-box], [class*=small-box], [class*=chart]')) {
    if (++n > LIMIT * 5) { t.partial = true; break; }
    const cls = typeof el.className === 'string' ? el.className : '';
    if (WIDGET.test(cls) && shown(el) && holdsFigure(el)) t.widgets++;
  }
  for (const tr of everywhere('tr')) {
    if (tr.querySelector('a[href], button') && !ahead(tr)) t.action_rows++;
  }
  // Alike cards each under its own heading (a grid of people or products, one of 4+ alike
  // siblings), out of the chrome and shown: records a person browses, linked or not.
  n = 0;
  for (const h of everywhere('h2, h3, h4, h5')) {
    if (++n > LIMIT) { t.partial = true; break; }
    if (h.closest(CHROME) || !shown(h) || !(h.textContent || '').trim() || ahead(h)) continue;
    if (rowAbove(h, 5)) t.heading_cards++;
  }
  // A table's column headings (the most in one shown row of <th>s out of the chrome): a table
  // of records names its columns even before a script fills its rows.
  n = 0;
  for (const tr of everywhere('thead tr, table tr:first-child')) {
    if (++n > LIMIT) { t.partial = true; break; }
    if (tr.closest(CHROME) || !shown(tr)) continue;
    const head = tr.parentElement && tr.parentElement.localName === 'thead';  // (its <td>s too)
    const heads = [...tr.children].filter((c) => (c.localName === 'th' || (head && c.localName === 'td'))
      && (c.textContent || '').trim()).length;
    t.column_heads = Math.max(t.column_heads, heads);
  }
  const drawn = drawnCharts(shown, CHROME, LIMIT); // (tally_graphs.js)
  t.charts += drawn.charts;
  if (drawn.partial) t.partial = true;
  t.charts += periodGraphs(shown, CHROME, LIMIT); // (a console's pictures drawn for a period)
  t.removable_rows = removableRows(rowAbove, shown, CHROME, LIMIT);
  t.buyable_rows = buyableRows(rowAbove, shown, CHROME, LIMIT);
  t.wizard_steps = wizardSteps(shown, LIMIT);
  // Forms a person can fill in (a field that is no search box, no button, nothing hidden).
  const FIELD = 'textarea, select, input:not([type=hidden]):not([type=submit]):not([type=button])'
    + ':not([type=reset]):not([type=image]):not([type=search])';
  for (const form of everywhere('form')) {
    if ([...form.querySelectorAll(FIELD)].some((el) => !SEARCH_NAMES.has(el.name) && fillable(el) && !own.above(el))) {
      t.forms++;
    }
  }
  // Runs of alike boxes holding a link a person follows (a list without <ul>): note 359.
  const linked = linkRows(CHROME, LIMIT, { shown, ahead, rowAbove, alike });
  t.div_rows += linked.rows;
  if (linked.partial) t.partial = true;
  // Labels that several controls share, and the labels of the controls a person sees.
  const counts = new Map();
  const shownLabels = new Set();
  const WORD = /[\p{L}\p{N}_]/u;  // (a word's character, as Python's \w: the host's _WORD)
  n = 0;
  const CONTROLS = 'button, a[href], input[type=button], input[type=submit], input[type=checkbox], '
    + 'input[type=radio], input[type=image], input[type=reset], [role=button], [role=link], '
    + '[role=checkbox], [role=tab], [role=menuitem]';
  for (const el of everywhere(CONTROLS)) {
    if (++n > LIMIT * 2) { t.partial = true; break; }
    let label = el.getAttribute('aria-label') || '';
    if (!label && el.localName === 'input') {
      label = (el.labels && el.labels[0] && el.labels[0].textContent) || el.value || '';
    }
    const shows = !label;  // (its words: counted without a ligature beside them, note 363)
    if (!label) label = controlWords(el);
    label = label.replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 60);
    const own = (shows && namedWords(el).replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 60)) || label;
    // (a control that shows no words: what names it, a picture link's alt, an icon; the count
    // a badge in its words shows left out, as the host's id leaves it: "Inbox 12" is "Inbox")
    let named = (el.hasAttribute('aria-label') ? label : withoutBadge(el, own))
      || wordlessName(el).replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 60);
    // (a symbol alone, a heading's "¶", a "×": the element model names it by its row or box,
    // as a person does, pipeline/elements/model.py element_facts, and so is it counted)
    if (named && !WORD.test(named) && el.localName !== 'th') {
      named = personContext(el, named).replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 60);
    }
    // (counted as the host's base id says it, twin_dest.js baseWords: "User Name" and
    // "User Name:" are one id's words, so a read without the other still qualifies each)
    const key = baseWords(named);
    if (key) counts.set(key, (counts.get(key) || 0) + 1);
    // What the page's shown controls say (a Reply button below the first screen included).
    if (label && shownLabels.size < 400 && !shownLabels.has(label) && shown(el)) shownLabels.add(label);
  }
  t.control_labels = [...shownLabels];
  t.settings_headings = settingsHeadings(shown, CHROME, LIMIT);
  t.wishlist_headings = wishlistHeadings(shown, CHROME, LIMIT);
  Object.assign(t, figureTiles(shown, CHROME, LIMIT));  // (and every label's figure, note 274)
  t.results_for = resultsFor(shown, CHROME, LIMIT);
  t.prose_sections = proseSections(shown, CHROME, LIMIT);
  t.list_cards = listCards(shown, CHROME, LIMIT);
  Object.assign(t, postCounts(shown, CHROME, LIMIT));  // (and posts shown whole: note 288)
  t.dated_headlines = datedHeadlines(shown, CHROME, LIMIT);
  t.own_dated = datedUnder(own.el, shown);
  t.titled_items = linkedItems(shown, CHROME, LIMIT);
  t.described_items = describedItems(shown, CHROME, LIMIT);
  Object.assign(t, lonePasswords((el) => fillable(el) && !own.above(el), LIMIT));
  t.results_under_search = contentSearch ? countedUnder(contentSearch, shown, CHROME, LIMIT) : 0;
  for (const [label, count] of counts) {
    if (count > 1 && t.repeated.length < 400) t.repeated.push(label);
  }
  // (and the names fields share: a form's "Email address" and the footer's newsletter box)
  for (const name of fieldNamesShared(fillable, LIMIT, baseWords)) {
    if (!(counts.get(name) > 1) && t.repeated.length < 400) t.repeated.push(name);
  }
  t.ms = Math.round((performance.now() - started) * 10) / 10;
  return t;
}
