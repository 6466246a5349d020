// Which elements the walk asks for a ::before/::after style (lib/walker/src/ax_pseudo.js,
// design notes 51 and 301), on documents made of plain objects: a Google Fonts sheet the page
// cannot read gives no element content, so the page's own readable rules still decide; any
// other sheet it cannot read makes every element a candidate; a rule whose content holds no
// word (an icon font's glyph, an image) makes no element a worded candidate.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mayHavePseudo, wordedPseudo } from '../lib/walker/src/ax_pseudo.js';
import { run } from '../lib/walker/src/run.js';

class CSSStyleRule {
  constructor(selectorText, content) {
    this.selectorText = selectorText;
    this.style = { getPropertyValue: (name) => (name === 'content' ? content : '') };
    this.cssRules = null;
  }
}

function page(sheets, matches) {
  const doc = {
    nodeType: 9, styleSheets: sheets, adoptedStyleSheets: [],
    querySelectorAll: (selectors) => matches.filter((m) => selectors.split(',').includes(m.sel))
      .map((m) => m.el),
  };
  const el = (sel) => {
    const e = { localName: 'a', parentElement: null, getRootNode: () => doc };
    matches.push({ sel, el: e });
    return e;
  };
  return { doc, el };
}
const readable = (rules) => ({ href: null, cssRules: rules });
const unreadable = (href) => ({ href, get cssRules() { throw new Error('SecurityError'); } });

test('a Google Fonts sheet leaves the page\'s own rules deciding', () => {
  run.pseudoCandidates = null;
  const matches = [];
  const { el } = page([unreadable('https://fonts.googleapis.com/css2?family=Inter'),
    readable([new CSSStyleRule('.class::before', '"class "')])], matches);
  const link = el('.class');
  const other = el('.plain');
  assert.equal(mayHavePseudo(link), true);
  assert.equal(mayHavePseudo(other), false);
  assert.equal(wordedPseudo(link), true);
  assert.equal(wordedPseudo(other), false);
});

test('another origin\'s sheet makes every element a candidate, the worded ones unknown', () => {
  run.pseudoCandidates = null;
  const { el } = page([unreadable('https://cdn.example/site.css')], []);
  const any = el('.plain');
  assert.equal(mayHavePseudo(any), true);
  assert.equal(wordedPseudo(any), null);
});

test('a glyph, an arrow or an image gives no words; a string, attr() or a variable may', () => {
  run.pseudoCandidates = null;
  const matches = [];
  const { el } = page([readable([
    new CSSStyleRule('.star::before', '"\\f005"'),
    new CSSStyleRule('.next::after', '" \\2192"'),
    new CSSStyleRule('.logo::before', 'url("data:image/svg+xml,<svg width=\'18\'></svg>")'),
    new CSSStyleRule('.since::before', '"Since "'),
    new CSSStyleRule('.copy::after', 'attr(data-label)'),
    new CSSStyleRule('.clip::before', 'var(--clipboard-image)'),
  ])], matches);
  const [star, next, logo, since, copy, clip] = ['.star', '.next', '.logo', '.since', '.copy',
    '.clip'].map(el);
  for (const e of [star, next, logo, since, copy, clip]) assert.equal(mayHavePseudo(e), true);
  assert.deepEqual([star, next, logo].map(wordedPseudo), [false, false, false]);
  assert.deepEqual([since, copy, clip].map(wordedPseudo), [true, true, true]);
});
