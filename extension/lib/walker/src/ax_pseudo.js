// Which elements can have a ::before or ::after box (issue 33, design note 51).
//
// Asking an element for its ::before style makes Chromium resolve that pseudo-element's
// style (matching every rule against it) even when no rule could give it content: on
// whole pages that was a third of the AX rows pass. Generated content needs a rule whose
// selector ends in ::before/::after and that sets `content`; so once per document the walk
// reads its style sheets, takes each such selector without its pseudo-element (".note::before" -> ".note",
// ".a > ::after" -> ".a > *") and lets querySelectorAll list the elements they match, plus
// <q> (the user-agent sheet's quotes). Only those elements are asked. The list is a superset:
// media queries, layers and state pseudo-classes are matched as the page is now or not at
// all. Whenever the sheets cannot be read in full, every element is asked, as before:
// a sheet of another origin (but a font sheet from Google Fonts: @font-face rules only), a rule the walk cannot place (nested CSS, @scope), a selector
// querySelectorAll refuses, and anything in or next to a shadow tree (a shadow root's own
// sheets, :host::before, ::slotted(x)::before, ::part(x)::before).
import { run } from './run.js';
import { mayHostShadow, shadowOf } from './tree.js';

const PSEUDO = /::?(?:before|after)\b/i;
// Rules whose children are matched as if they were at the top level (conditions aside).
const GROUPS = new Set(['CSSMediaRule', 'CSSSupportsRule', 'CSSLayerBlockRule',
  'CSSContainerRule', 'CSSStartingStyleRule']);
// The user-agent sheet's generated content: q::before / q::after (open-quote, close-quote).
const UA_SELECTOR = 'q';
const ALL = null;
// Hosts whose style sheets hold nothing but @font-face rules (the Google Fonts CSS API): a
// page's font sheet from another origin, which the page cannot read, gives no element
// content. Any other sheet the walk cannot read: every element is asked.
const FONT_ONLY_HOSTS = new Set(['fonts.googleapis.com']);

/** Whether `el` may have a ::before or ::after box with content (false: it has none). */
export function mayHavePseudo(el) {
  const root = el.getRootNode();
  if (!root || root.nodeType !== 9) return true;  // in a shadow tree: its own sheets
  if (shadowRootOf(el)) return true;  // :host::before
  const parent = el.parentElement;
  if (parent && shadowRootOf(parent)) return true;  // ::slotted(x)::before
  const set = candidates(root).any;
  return set === ALL || set.has(el);
}

/** Whether `el` may have a ::before or ::after box whose content may hold words (a string
 * with a letter or a digit, attr(), a counter, a variable): true when a rule giving words may
 * match it, false when none can (an icon font's glyph, an arrow or an empty box is no word),
 * null when the walk cannot tell (a sheet it cannot read, a shadow tree). */
export function wordedPseudo(el) {
  const root = el.getRootNode();
  if (!root || root.nodeType !== 9 || shadowRootOf(el)) return null;
  const parent = el.parentElement;
  if (parent && shadowRootOf(parent)) return null;
  const set = candidates(root).worded;
  return set === ALL ? null : set.has(el);
}

/** `el`'s author shadow root (tree.js shadowOf), asked once a walk: the rows pass asks it of
 * every element for its children, and mayHavePseudo of it and of its parent. */
export function shadowRootOf(el) {
  const tag = el.localName;
  if (!mayHostShadow(tag)) return null;  // (most elements: nothing to keep)
  let memo = run.axShadows;
  if (!memo) { memo = new Map(); run.axShadows = memo; }
  let sr = memo.get(el);
  if (sr === undefined) {
    sr = shadowOf(el, tag);
    memo.set(el, sr);
  }
  return sr;
}

function candidates(doc) {
  let memo = run.pseudoCandidates;
  if (!memo) { memo = new Map(); run.pseudoCandidates = memo; }
  let set = memo.get(doc);
  if (set === undefined) {
    set = readCandidates(doc);
    memo.set(doc, set);
  }
  return set;
}

const UNREAD = { any: ALL, worded: ALL };

/** {any, worded}: the elements of `doc` that may have a generated box (mayHavePseudo), and
 * those whose box may hold words (wordedPseudo), each a Set, or ALL. */
function readCandidates(doc) {
  const selectors = { any: [UA_SELECTOR], worded: [] };
  try {
    for (const sheet of doc.styleSheets) if (!addSheet(sheet, selectors)) return UNREAD;
    for (const sheet of doc.adoptedStyleSheets || []) if (!addSheet(sheet, selectors)) return UNREAD;
  } catch (e) {
    return UNREAD;
  }
  try {
    return { any: new Set(doc.querySelectorAll(selectors.any.join(','))),
      worded: new Set(selectors.worded.length ? doc.querySelectorAll(selectors.worded.join(',')) : []) };
  } catch (e) {
    return UNREAD;  // (one selector the page's engine parses but the stripped form does not)
  }
}

/** Adds to `out` ({any, worded}) the element selectors of `sheet`'s rules with
 * ::before/::after; false when the sheet cannot be read in full. */
function addSheet(sheet, out) {
  let rules;
  try {
    rules = sheet.cssRules;
  } catch (e) {  // another origin's sheet
    return fontsOnly(sheet.href);
  }
  return rules ? addRules(rules, out) : true;
}

function addRules(rules, out) {
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    const kind = rule.constructor && rule.constructor.name;
    if (kind === 'CSSImportRule') {
      if (rule.styleSheet && !addSheet(rule.styleSheet, out)) return false;
    } else if (kind === 'CSSStyleRule') {
      const text = rule.selectorText || '';
      if (PSEUDO.test(text) && givesContent(rule.style)) {
        const worded = mayGiveWords(rule.style);
        for (const part of splitList(text)) {
          const sel = withoutPseudo(part);
          if (sel === null) return false;
          if (sel) out.any.push(sel);
          if (sel && worded) out.worded.push(sel);
        }
      }
      // nested rules are relative to this one: placed only when none has a pseudo-element
      if (rule.cssRules && rule.cssRules.length && PSEUDO.test(rule.cssText)) return false;
    } else if (GROUPS.has(kind)) {
      if (!addRules(rule.cssRules, out)) return false;
    } else if (rule.cssRules && PSEUDO.test(rule.cssText)) {
      return false;  // (@scope, and any grouping rule this list does not know)
    }
  }
  return true;
}

/** Whether a rule's declarations can make a generated box: `content` (or `all`, which sets
 * it), or an animation (whose keyframes might). The rest (a box-sizing reset on
 * `*, ::before, ::after`) gives no element content: a pseudo-element's `content` is not
 * inherited and computes to none unless a rule matching it sets it. */
function givesContent(style) {
  if (!style) return true;
  const animation = style.getPropertyValue('animation-name');
  return !!(style.getPropertyValue('content') || style.getPropertyValue('all')
    || (animation && animation !== 'none'));
}

const WORD = /[\p{L}\p{N}]/u;
const CSS_URL = /url\((?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^)]*)\)/gi;
const ESCAPE = /\\([0-9a-fA-F]{1,6})\s?|\\(.)/g;

/** Whether a rule that gives content may give words: a string with a letter or a digit once
 * its escapes are read ("\f005" is an icon font's private-use glyph, no word), or content
 * the walk cannot read here (attr(), counter(), var(), `all`, an animation). */
function mayGiveWords(style) {
  if (!style) return true;
  const content = style.getPropertyValue('content');
  if (!content) return true;  // (`all` or an animation gives it)
  if (/\b(?:attr|counters?|var|env)\(/i.test(content)) return true;
  // (an image's url holds no words a person reads: 'data:image/svg+xml,<svg width="18"...')
  const strings = content.replace(CSS_URL, '').match(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g) || [];
  return strings.some((q) => WORD.test(q.slice(1, -1).replace(ESCAPE, (all, hex, ch) => (
    hex ? String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)) : ch))));
}

function fontsOnly(href) {
  try { return !!href && FONT_ONLY_HOSTS.has(new URL(href).hostname); } catch (e) { return false; }
}

/** The top-level selectors of a selector list (commas inside (), [] or quotes kept). */
function splitList(text) {
  const parts = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === '\'') quote = c;
    else if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) { parts.push(text.slice(start, i)); start = i + 1; }
  }
  parts.push(text.slice(start));
  return parts;
}

/** A complex selector whose last compound ends in ::before/::after, as the selector of the
 * element that box belongs to; '' when it has no such pseudo-element; null when the walk
 * cannot tell (shadow-tree selectors). */
function withoutPseudo(part) {
  const m = PSEUDO.exec(part);
  if (!m) return '';
  if (/::(slotted|part)\(|:host\b/i.test(part)) return null;
  let sel = part.slice(0, m.index).trim();
  if (!sel || /[>+~]$/.test(sel) || /\s$/.test(part.slice(0, m.index))) sel += ' *';
  return sel.trim();
}
