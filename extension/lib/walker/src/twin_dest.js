// Where a link goes and what a label is, as the host's semantic id says them
// (semantic/id_words.py _destination, path_tail, file_words; semantic/ids.py slug), so the
// walker's twins and its tally's shared labels are the controls the host's ids cannot tell
// apart: two "R" links to R_c_504.html and R_c_6377.html are one id's twins to the host (it
// drops the numbers, tokens and counters), so the walker says which path parts them over the
// whole page, and every read names each alike whether the other is in it or not (note 151).
import { ID_LABEL_WORDS } from './generated_contract.js';
import { labelOf } from './twin_boxes.js';
import { idWords } from './twins_last.js';

const FILE = /^[^.]+\.[a-z0-9]{2,5}$/i;  // a name and an extension
const FILE_WORD = /^(?:\p{L}+|\d{1,3}|\p{L}+\d{1,3})$/u;  // no token, no long number
const FILE_WORDS = 4;
const MARK_WORDS = 3;
const ID_CHARS = 40;  // and its characters (ids.py MAX_CHARS)

/** A label's words as a base id says them (ids.py slug): its first five, "_"-joined. */
export function baseWords(label) {
  const out = idWords(label || '', ID_LABEL_WORDS).join('_');
  return out.length > ID_CHARS ? out.slice(0, ID_CHARS).replace(/_+$/, '') : out;
}

// Up to three words with no digit in them (id_words.py _plain_words).
function plainWords(text) {
  return idWords(text, 12).filter((w) => !/\d/.test(w)).slice(0, MARK_WORDS).join('_');
}

// A file's name without its extension (id_words.py file_words): letters, a short number
// said with the word before it, never a hash or a long number.
function fileWords(name) {
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).toLowerCase();
  const words = [];
  for (const word of stem.match(/[\p{L}\p{N}]+/gu) || []) {
    if (!FILE_WORD.test(word)) continue;
    if (!/^\d+$/.test(word)) words.push(word);
    else if (words.length && !/\d$/.test(words[words.length - 1])) words[words.length - 1] += word;
  }
  return words.slice(0, FILE_WORDS).join('_');
}

const stripExt = (s) => (s.includes('.') ? s.slice(0, s.lastIndexOf('.')) : s);
const segmentsOf = (path) => path.split('/').filter((s) => s && s !== '.' && s !== '..');

/** A link's destination as its id's mark says it (id_words.py _destination): another site's
 * name and first path segment, or this site's last two segments or file; no query, no number. */
export function destination(href) {
  const raw = (href || '').trim();
  if (!raw || raw === '#' || /^(javascript|mailto|tel|data):/i.test(raw)) return '';
  const hash = raw.split('?')[0].indexOf('#');
  const rest = hash < 0 ? raw.split('?')[0] : raw.split('?')[0].slice(0, hash);
  const fragment = hash < 0 ? '' : raw.split('?')[0].slice(hash + 1);
  let host = '';
  let segments;
  if (rest.includes('//')) {
    const after = rest.slice(rest.indexOf('//') + 2);
    const slash = after.indexOf('/');
    host = (slash < 0 ? after : after.slice(0, slash)).replace(/^www\./, '');
    host = host.includes('.') ? host.slice(0, host.lastIndexOf('.')) : host;
    segments = segmentsOf(slash < 0 ? '' : after.slice(slash + 1)).slice(0, 1);
  } else {
    segments = segmentsOf(rest).slice(-2);
    const last = segments[segments.length - 1];
    const named = last && FILE.test(last) ? fileWords(last) : '';
    if (named && named !== 'index') {
      const folder = segments.length > 1 ? plainWords(segments[0]) : '';
      const said = [folder, named, plainWords(fragment)].filter(Boolean).join('_');
      return said.split('_').slice(0, MARK_WORDS).join('_');
    }
  }
  segments = segments.map(stripExt);
  if (segments[segments.length - 1] === 'index') segments.pop();
  return plainWords([host, ...segments, fragment].join(' '));
}

/** The last two parts of a link's path as its id says them (id_words.py path_tail); a
 * script's call ("javascript:...") has none. */
export function pathWords(href) {
  if (/^javascript:/i.test((href || '').trim())) return '';
  let rest = (href || '').trim().split('?')[0].split('#')[0];
  if (rest.includes('//')) {
    const after = rest.slice(rest.indexOf('//') + 2);
    rest = after.includes('/') ? after.slice(after.indexOf('/') + 1) : '';
  }
  const segments = segmentsOf(rest).slice(-2);
  const last = segments[segments.length - 1];
  if (last && FILE.test(last)) {
    const folder = segments.length > 1 ? plainWords(segments[0]) : '';
    return [folder, fileWords(last)].filter(Boolean).join('_');
  }
  // (the page it goes to, where its words fill an id's three alone, without its folder)
  const page = segments.length ? plainWords(stripExt(segments[segments.length - 1])) : '';
  if (page.split('_').length >= MARK_WORDS) return page;
  return plainWords(segments.map(stripExt).join(' '));
}

/** Links the host's words cannot tell apart (one label, row and destination as the host says
 * them: "R" to R_c_504.html and "R" to R_c_6377.html; "Advertise" to .../advertiser/default.aspx
 * and to .../advertiser/online/online.aspx) whose paths can: each whose path's words no other
 * of them shares carries "path:<words>" in `out` (after any twin words it has), and the host
 * names it by its path in every read (semantic/ids.py), as a read holding both named it.
 * `rowOf(el)`: the words of its row as the twins' key reads them. */
export function pathTwins(links, out, rowOf) {
  const byDest = new Map();
  for (const el of links) {
    const where = destination(el.getAttribute('href') || '');
    const label = where ? labelOf(el) : '';
    if (!label) continue;
    const key = `${label}\u0000${where}`;
    const same = byDest.get(key);
    if (same) same.push(el); else byDest.set(key, [el]);
  }
  for (const alike of byDest.values()) {
    if (alike.length < 2) continue;
    const byRow = new Map();
    for (const el of alike) {
      const row = rowOf(el);
      const same = byRow.get(row);
      if (same) same.push(el); else byRow.set(row, [el]);
    }
    for (const members of byRow.values()) {
      if (members.length < 2) continue;
      const paths = members.map((el) => pathWords(el.getAttribute('href') || ''));
      members.forEach((el, i) => {
        if (!paths[i] || paths.indexOf(paths[i]) !== paths.lastIndexOf(paths[i])) return;
        const own = out.get(el);
        out.set(el, `${own ? `${own}|` : ''}path:${paths[i]}`);
      });
    }
  }
}
