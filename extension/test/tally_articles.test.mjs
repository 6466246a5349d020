// The page tally's posts shown whole as <article>s (src/tally_articles.js, design note 288):
// how many hold prose under a linked title when none holds half the prose of them all.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { spreadArticles } = await import('../lib/walker/src/tally_articles.js');

// An <article> as the tally reads it: its paragraphs' text, whether a heading links its title,
// whether it sits in another article or in the chrome.
const article = (chars, { titled = true, nested = false, chrome = false } = {}) => ({
  parentElement: { closest: () => (nested ? {} : null) },
  closest: () => (chrome ? {} : null),
  querySelectorAll: () => [{ textContent: 'x'.repeat(chars) }],
  querySelector: () => (titled ? {} : null),
});

function tally(articles) {
  globalThis.document = { querySelectorAll: () => articles };
  return spreadArticles(() => true, 'nav', 100);
}

test('four posts or more, each prose under a linked title, none half of it all', () => {
  assert.equal(tally([article(400), article(300), article(350), article(500)]), 4);
  // (a nested article, one in the chrome and a short one do not count as posts)
  assert.equal(tally([article(400), article(300), article(350), article(500), article(900, { nested: true }),
    article(900, { chrome: true }), article(50)]), 4);
});

test('a story holding half the prose, comments with no title, or three posts: none', () => {
  // a story over its comments: the comments have no linked title, the story most of the prose
  assert.equal(tally([article(3000), article(300, { titled: false }), article(300, { titled: false }),
    article(300, { titled: false }), article(300, { titled: false })]), 0);
  // four titled articles, one holding half the prose: a story beside related stories' cards
  assert.equal(tally([article(2000), article(400), article(400), article(400)]), 0);
  assert.equal(tally([article(400), article(300), article(350)]), 0);
  assert.equal(tally([]), 0);
});
