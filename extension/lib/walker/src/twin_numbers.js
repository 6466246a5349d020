// Semantic mode (issue 31): twins alike in every place the walker reads (twins.js settle),
// the last resort. A pair on either side of a list (a shop's "Sort by" box or pager above
// its products and again below them) is said by where it sits, "side:above list" and
// "side:below list", as a person says it; other twins alike are numbered in the page's order,
// "n:<number>/<how many>", over the whole page (docs/design/161-twins-around-a-list.md).

import { lookPlaces, ownPlaces } from './twin_own.js';

const ITEMS = new Set(['a', 'img', 'button', 'input', 'select', 'li', 'tr']);  // a list's items
const LIST_ITEMS = 3;  // items between a pair that make a list
const UP = 16;  // ancestors looked at for the pair's common one
const LOOKED = 2000;  // elements between a pair looked at

// The items in `el` and under it (links with an address, pictures, controls, list items and
// table rows); `seen` bounds the work over one pair.
function itemsIn(el, seen) {
  let n = 0;
  const stack = [el];
  while (stack.length && seen.count < LOOKED) {
    const at = stack.pop();
    seen.count++;
    if (ITEMS.has(at.localName) && (at.localName !== 'a' || at.getAttribute('href') !== null)) n++;
    for (const child of at.children) stack.push(child);
  }
  return n;
}

// Two elements alike in tag and class (a list's rows, a grid's cards).
function alike(a, b) {
  return a.localName === b.localName && (a.getAttribute('class') || '') === (b.getAttribute('class') || '');
}

/** Whether a list lies between `first` and `second` (document order): below their common
 * ancestor, an element between the two holding them that holds LIST_ITEMS items or more and
 * is no row or card of a list the pair itself sits in (the same row twice in one table is no
 * pair around a list): alike to neither in tag and class, or holding more items than the
 * two together. */
export function listBetween(first, second) {
  if (first.contains(second) || second.contains(first)) return false;
  let top = first.parentElement;
  for (let up = 0; top && up < UP && !top.contains(second); up++) top = top.parentElement;
  if (!top || !top.contains(second)) return false;
  const holder = (el) => {
    let at = el;
    while (at.parentElement !== top) at = at.parentElement;
    return at;
  };
  const from = holder(first);
  const to = holder(second);
  const seen = { count: 0 };
  const ends = itemsIn(from, seen) + itemsIn(to, seen);
  for (let s = from.nextElementSibling; s && s !== to; s = s.nextElementSibling) {
    const items = itemsIn(s, seen);
    if (items >= LIST_ITEMS && (items > ends || (!alike(s, from) && !alike(s, to)))) return true;
  }
  return false;
}

/** The side of a list each of `members` (twins in document order) sits on, as places: for a
 * pair of `fields` with a list between them (a "Sort by" box in the toolbar above a shop's
 * products and in the one below), "side:above list" and "side:below list", read before any
 * other place (the last heading above the lower one is a product's, which a product added
 * above changes); none for others. */
export function pairSides(members, fields) {
  if (fields && members.length === 2 && listBetween(members[0], members[1])) {
    return [['side:above list'], ['side:below list']];
  }
  return members.map(() => []);
}

/** Twins alike in every place (`words[i]`, said so far) and in all their row or box says
 * (`scopes[i]`): a pair with a list between them gets "side:above list" and "side:below list",
 * others each "n:<number>/<how many>" among its alike ones in the page's order (`members`,
 * the twins' elements in document order), read over the whole page, so a read that holds
 * some of them says each as the whole page does (a scroll, a twin scrolling into view leave
 * it; only one of them added above renumbers those after it). */
export function numberAlike(words, scopes, members) {
  const same = new Map();
  words.forEach((said, i) => {
    const key = `${said.join('|')}\u0001${scopes[i]}`;
    const group = same.get(key);
    if (group) group.push(i); else same.set(key, [i]);
  });
  for (const all of same.values()) {
    // (a twin inside another of its lot is that one control listed twice, a dropdown's
    // scripted wrapper and its toggle: no twin of its own, it is said as the one holding it,
    // and the host says it as the inner one where their ids meet; note 272)
    const group = all.filter((i) => !all.some((j) => j !== i && members[j].contains(members[i])));
    const said = all.map((i) => words[i].length);
    if (group.length === 2 && listBetween(members[group[0]], members[group[1]])) {
      words[group[0]].push('side:above list');
      words[group[1]].push('side:below list');
    } else if (group.length > 1) {
      // (each with a name of its own in its markup: said by it, no number; note 278; else,
      // showing no words, by the icon its class names: note 300)
      const own = ownPlaces(group, members) || lookPlaces(group, members);
      group.forEach((i, k) => words[i].push(own ? own[k] : `n:${k + 1}/${group.length}`));
    }
    for (const i of all) {
      if (group.includes(i)) continue;
      const outer = group.find((j) => members[j].contains(members[i]));
      words[i].push(...words[outer].slice(said[all.indexOf(outer)]));
    }
  }
}
