// Semantic mode, the page tally's posts: alike blocks, each a title over a byline (who wrote it
// and when: "By Tilo Mitra under CSS", "Posted on May 3, 2024", a <time>), holding the page's
// prose. A person sees a blog's list of posts there, whatever each post holds under its title
// (an excerpt, the whole text, a pair of photos): an article is one title over its byline.

import { alikeBlocks, PROSE, reading } from './tally_alike.js';
import { spreadArticles } from './tally_articles.js';

const TITLE = 'h1, h2, h3, h4';
const rank = (el) => Number(el.localName[1]);
const BYLINE_CHARS = 120;  // a line of who and when, no sentence of the text
const BYLINE = /^\s*(?:(?:posted|written|published)\s+)?by\s|^\s*(?:posted|published)\s+(?:on|in)\s/i;
// (a date said from today counts as one: "2 days ago", "Posted 3 weeks ago")
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
export const DATE = new RegExp(`\\b${MONTH}\\s+\\d{1,2},?\\s+\\d{4}\\b|\\b\\d{1,2}\\s+${MONTH},?\\s+\\d{4}\\b`
  + '|\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b\\d{1,2}\\s+(?:minute|hour|day|week|month|year)s?\\s+ago\\b', 'i');

// A box's titles counted by rank, once a tally: [of rank 1, of rank 2 or above, ...]. The
// boxes over each title are asked for every title under them, so a page's main box holding
// thousands of headings is counted once, not once a heading (issue 33, note 321).
const titlesIn = new Map();
function titlesUpTo(el, r) {
  let counts = titlesIn.get(el);
  if (!counts) {
    counts = [0, 0, 0, 0, 0];
    for (const t of el.querySelectorAll(TITLE)) counts[rank(t)]++;
    for (let k = 2; k <= 4; k++) counts[k] += counts[k - 1];
    titlesIn.set(el, counts);
  }
  return counts[r];
}

// The title's post: the widest box over it, within four levels, holding no other title of its
// rank or above (a photo post's captions are titles below it).
function postOf(h) {
  let post = null;
  for (let el = h.parentElement, i = 0; el && el !== document.body && i < 4; el = el.parentElement, i++) {
    if (titlesUpTo(el, rank(h)) > 1) break;  // (the title itself is one)
    post = el;
  }
  return post;
}

const after = (h, el) => Boolean(h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)
  && !h.contains(el);

// The title heads its post: no paragraph of prose above it in the post (a heading after the
// text's first paragraphs is one of its sections').
const heads = (post, h) => ![...post.querySelectorAll('p')].some((p) => reading(p) >= PROSE && after(p, h));

// A byline under the title, in its post: a short line saying who wrote it or when.
function bylineIn(post, h) {
  if ([...post.querySelectorAll('time')].some((t) => after(h, t))) return true;
  for (const el of post.querySelectorAll('p, div, span, small, address, li')) {
    if (!after(h, el) || el.contains(h)) continue;
    const text = (el.textContent || '').replace(/\s+/g, ' ').trim();
    if (text && text.length <= BYLINE_CHARS && (BYLINE.test(text) || DATE.test(text))) return true;
  }
  return false;
}

// The posts of a list: three posts or more of one kind, out of the chrome and shown, each a
// title over a byline, holding at least as much of the page's prose as the rest of the page
// (a story's byline is one, its comments' replies hold less than its text); else 0.
export function postBylines(shown, chrome, limit) {
  // (a post's own <header> holds its title and byline: the post, out of the chrome, counts)
  return alikeBlocks(shown, chrome, limit, TITLE, postOf, (post, h) => heads(post, h) && bylineIn(post, h));
}

// The page's posts: alike blocks, each a title over a byline, and posts shown whole as
// <article>s, the prose spread over them (tally_articles.js, note 288).
export function postCounts(shown, chrome, limit) {
  return { post_bylines: postBylines(shown, chrome, limit), article_posts: spreadArticles(shown, chrome, limit) };
}
