// The walker says a link's destination and path, and a label's words, as the host's semantic
// id does (semantic/id_words.py _destination and path_tail, semantic/ids.py slug): the values
// below are the host's for the same input (note 151).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { baseWords, destination, pathWords } from '../lib/walker/src/twin_dest.js';

const HOST = [
  // [href, the host's _destination, the host's path_tail]
  ['http://www.perfumemart.com/R_c_504.html', 'perfumemart_r_c', 'r_c504'],
  ['http://services.bostonglobe.com/advertiser/online/online.aspx?id=13052',
    'services_bostonglobe_advertiser', 'online_online'],
  ['/products/123/edit', 'edit', 'edit'],
  ['../img/gallery/image01.jpg#top', 'gallery_image01_top', 'gallery_image01'],
  ['#preview-1000', 'preview', ''],
  ['https://example.org', 'example', ''],
  ['/a/b/index.html', 'b', 'b_index'],
  ['/news/astronomie/', 'news_astronomie', 'news_astronomie'],
  ['javascript:void(0)', '', ''],
  ['javascript:ProductList.changeSize(644189,this, 1233832);', '', ''],
  ['/blog/tree-3.png', 'blog_tree3', 'blog_tree3'],
  ['Déjà/vu.html', 'deja_vu', 'deja_vu'],
];

test('a destination and a path are said as the host says them', () => {
  for (const [href, where, path] of HOST) {
    assert.equal(destination(href), where, href);
    assert.equal(pathWords(href), path, href);
  }
});

test('a label is said as a base id says it: five words, forty characters', () => {
  assert.equal(baseWords('User Name:'), 'user_name');
  assert.equal(baseWords('User Name'), baseWords('user name'));
  assert.equal(baseWords('A very long label with many words here'), 'a_very_long_label_with');
  assert.equal(baseWords('Déjà vu'), 'deja_vu');
  assert.equal(baseWords('   '), '');
});
