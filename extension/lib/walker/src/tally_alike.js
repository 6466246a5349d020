// Semantic mode, what the page tally's lists of alike blocks share (tally_cards.js,
// tally_posts.js): three blocks or more of one kind, each found from a title, out of the chrome
// and shown, holding at least as much of the page's prose as the rest of the page does.
import { everywhere } from './tally_roots.js';

export const reading = (el) => (el.textContent || '').replace(/\s+/g, ' ').trim().length;
export const PROSE = 100;  // a paragraph of prose

// What makes blocks alike: their tag and first class.
export const kindOf = (el) => `${el.localName}.${(typeof el.className === 'string' ? el.className : '').trim().split(/\s+/)[0]}`;

// Paragraphs of prose out of the chrome, in the blocks and out of them (characters).
function proseChars(shown, chrome, blocks) {
  let inBlocks = 0;
  let outside = 0;
  for (const p of everywhere('p')) {
    const len = reading(p);
    if (len < PROSE || p.closest(chrome) || !shown(p)) continue;
    if (blocks.some((c) => c.contains(p))) inBlocks += len;
    else outside += len;
  }
  return [inBlocks, outside];
}

/** How many alike blocks the page lists, else 0: each the block `blockOf(title)` finds over
 * one of the first `limit` titles (`titles`: a selector) that `fits(block, title)`. */
export function alikeBlocks(shown, chrome, limit, titles, blockOf, fits) {
  const kinds = new Map();
  let n = 0;
  for (const h of everywhere(titles)) {
    if (++n > limit) break;
    if (!reading(h) || !shown(h)) continue;
    const block = blockOf(h);
    if (!block || block.closest(chrome) || !fits(block, h)) continue;
    const kind = kindOf(block);
    if (!kinds.has(kind)) kinds.set(kind, []);
    kinds.get(kind).push(block);
  }
  const blocks = [...kinds.values()].filter((list) => list.length >= 3).flat();
  if (blocks.length < 3) return 0;
  const [inBlocks, outside] = proseChars(shown, chrome, blocks);
  return inBlocks > 0 && inBlocks >= outside ? blocks.length : 0;
}
