// Semantic mode, the page tally's posts written in full as <article>s: how many <article>s
// (none inside another, out of the chrome, shown) hold prose of their own under a linked
// title (a post's, no comment's) when none of them holds half the prose of them all: a blog's front page showing its posts whole (Hexo's
// default theme); 0 when one does (a story beside its related stories' cards, a story over
// its comments) or fewer than four hold prose (issue 31, design note 288).
import { everywhere } from './tally_roots.js';

const PROSE_CHARS = 200;  // a post's prose: a paragraph or two, no teaser line
const POSTS = 4;

function proseOf(article) {
  let chars = 0;
  for (const p of article.querySelectorAll('p')) chars += (p.textContent || '').trim().length;
  return chars;
}

const TITLE_LINK = 'h1 a[href], h2 a[href], h3 a[href], h4 a[href]';

export function spreadArticles(shown, chrome, limit) {
  const prose = [];
  let posts = 0;
  let n = 0;
  for (const article of everywhere('article')) {
    if (++n > limit) break;
    const parent = article.parentElement;
    if ((parent && parent.closest('article')) || article.closest(chrome) || !shown(article)) continue;
    const chars = proseOf(article);
    prose.push(chars);
    if (chars >= PROSE_CHARS && article.querySelector(TITLE_LINK)) posts++;
  }
  const total = prose.reduce((sum, chars) => sum + chars, 0);
  return posts >= POSTS && 2 * Math.max(...prose) < total ? posts : 0;
}
