// walker_worlds.js: a re-read walks over CDP in the worlds the last read of the same frames found.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clearIdCache, rememberContext } from '../lib/reuse/walker_id_cache.js';
import { forgetWalk, rememberWalk, walkInWorlds } from '../lib/walker/walker_worlds.js';

const frames = [{ frameId: 'F0', loaderId: 'L0' }, { frameId: 'X', loaderId: 'LX', sessionId: 's' }];
const lastWalk = { world: 'W0', documentId: 'D0', elements: [{ b: 41 }], subframes: [{ frameId: 9, documentId: 'D9', result: { world: 'WX' } }] };

function session(answer) {
  const calls = [];
  return {
    calls,
    send: async (method, params, sessionId) => {
      calls.push([method, params.contextId, sessionId]);
      return answer(params.contextId);
    },
  };
}

const walkOf = (world) => ({ result: { value: JSON.stringify({ v: 1, world, elements: [], stats: { elapsed_ms: 1 } }) } });

test('the same frames walk in their known worlds, one evaluate each, shaped like chrome.scripting\'s', async () => {
  clearIdCache();
  rememberContext('W0', { contextId: 3, sessionId: null });
  rememberContext('WX', { contextId: 5, sessionId: 's' });
  rememberWalk(1, frames, lastWalk);
  const s = session((contextId) => walkOf(contextId === 3 ? 'W0' : 'WX'));
  const asked = [];
  const { out, ahead } = await walkInWorlds(s, 1, frames, '__axsnapWalk_x', { track: true, hold: true }, (root) => {
    asked.push([root, s.calls.length]); // sent once both walks are
    return { root, promise: Promise.resolve([]) };
  });
  assert.deepEqual(s.calls, [['Runtime.evaluate', 3, undefined], ['Runtime.evaluate', 5, 's']]);
  assert.deepEqual(asked, [[41, 2]], 'the listeners asked right behind the walks, off the kept root');
  assert.equal(ahead.root, 41);
  assert.equal(out.world, 'W0');
  assert.equal(out.documentId, 'D0');
  assert.deepEqual(out.subframes.map((sf) => [sf.frameId, sf.documentId, sf.result.world]), [[9, 'D9', 'WX']]);
  assert.equal(out.stats.walker_sources, 0);
  assert.equal(out.stats.in_worlds, 2);
});

test('other frames, an unknown context or a world that does not answer: the caller injects', async () => {
  clearIdCache();
  rememberContext('W0', { contextId: 3, sessionId: null });
  rememberContext('WX', { contextId: 5, sessionId: 's' });
  rememberWalk(2, frames, lastWalk);
  const ok = session((contextId) => walkOf(contextId === 3 ? 'W0' : 'WX'));
  assert.equal(await walkInWorlds(ok, 2, [frames[0]], 'k', {}), null, 'a frame went away');
  assert.equal(await walkInWorlds(ok, 2, [{ ...frames[0], loaderId: 'L1' }, frames[1]], 'k', {}), null, 'another document');
  assert.deepEqual(ok.calls, []);
  const gone = session((contextId) => (contextId === 3 ? walkOf('W0') : { result: { value: null } }));
  assert.equal(await walkInWorlds(gone, 2, frames, 'k', {}), null, 'the cached walker is gone');
  assert.equal(await walkInWorlds(ok, 2, frames, 'k', {}), null, 'and the walk is forgotten');
  rememberWalk(3, frames, lastWalk);
  clearIdCache(); // contexts lost (a new worker)
  assert.equal(await walkInWorlds(ok, 3, frames, 'k', {}), null);
  forgetWalk(3);
});
