// The screenshot step of capturePage (vision channel) over a scripted CDP session.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { capturePage, wantsAxTree, wantsScreenshot } from '../lib/capture/capture.js';

globalThis.chrome = {
  tabs: { get: async (id) => ({ id, url: 'http://127.0.0.1/p', title: 'Page', active: false, windowId: 1 }) },
  windows: { get: async () => ({ state: 'normal' }) },
};

const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const STAB = { stabilized: true, waited_ms: 0, reasons: [], pending_requests: 0, mutations: 0 };

function session({ screenshot = async () => ({ data: PNG_1x1 }) } = {}) {
  const calls = [];
  return {
    calls,
    childSessions: () => [],
    async send(method, params = {}) {
      calls.push([method, params]);
      switch (method) {
        case 'Page.getFrameTree':
          return { frameTree: { frame: { id: 'M', url: 'http://127.0.0.1/p', loaderId: 'L1' } } };
        case 'Page.getLayoutMetrics':
          return {
            cssLayoutViewport: { clientWidth: 1280, clientHeight: 757, pageX: 0, pageY: 40 },
            layoutViewport: { clientWidth: 2560, clientHeight: 1514 },
            cssVisualViewport: { clientWidth: 1280, clientHeight: 757, pageX: 0, pageY: 40 },
          };
        case 'Page.createIsolatedWorld': return { executionContextId: 3 };
        case 'Runtime.evaluate': return { result: { value: 2 } };
        case 'Page.captureScreenshot': return screenshot(params);
        default: return {};
      }
    },
  };
}

const shots = (s) => s.calls.filter(([m]) => m === 'Page.captureScreenshot');

test('format som and vision:true on a DOM format ask for a screenshot; nothing else does', () => {
  assert.equal(wantsScreenshot({ format: 'som' }), true);
  assert.equal(wantsScreenshot({ format: 'domtext', vision: true }), true);
  assert.equal(wantsScreenshot({ format: 'elements', vision: true }), true);
  assert.equal(wantsScreenshot({ format: 'domtext' }), false);
  assert.equal(wantsScreenshot({ format: 'snapshot', vision: true }), false);
  assert.equal(wantsScreenshot(undefined), false);
  assert.equal(wantsAxTree({ format: 'som' }), false, 'som is a DOM channel format');
});

test('the screenshot goes into capture.screenshot with ratio, scroll and format', async () => {
  const s = session();
  globalThis.chrome.scripting = {
    executeScript: async () => {
      s.calls.push(['walker', {}]);
      return [{ frameId: 0, result: { v: 1, dpr: 2, frames: [], elements: [], stats: {} } }];
    },
  };
  const cap = await capturePage(s, 5, { format: 'som', screenshot_format: 'jpeg', screenshot_quality: 55 }, STAB);
  assert.equal(cap.screenshot.ok, true);
  assert.equal(cap.screenshot.data, PNG_1x1);
  assert.equal(cap.screenshot.format, 'jpeg');
  assert.equal(cap.screenshot.device_pixel_ratio, 2);
  assert.deepEqual(cap.screenshot.scroll, { x: 0, y: 40 });
  assert.equal(cap.screenshot.via, 'cdp');
  const [[, params]] = shots(s);
  assert.deepEqual(params, { format: 'jpeg', quality: 55, captureBeyondViewport: false, fromSurface: true });
  assert.equal(typeof cap.timings.screenshot_ms, 'number');
  // after the walker: the picture shows the page the rects were measured on
  const order = s.calls.map(([m]) => m);
  assert.ok(order.indexOf('walker') >= 0);
  assert.ok(order.lastIndexOf('Page.captureScreenshot') > order.indexOf('walker'));
  assert.ok(!order.includes('DOMSnapshot.captureSnapshot'), 'the DOM channel takes none');
  assert.ok(!cap.errors.some((e) => e.step === 'screenshot'));
  delete globalThis.chrome.scripting;
});

test('no screenshot is taken without vision', async () => {
  const s = session();
  const cap = await capturePage(s, 5, { format: 'domtext' }, STAB);
  assert.equal(cap.screenshot, null);
  assert.equal(shots(s).length, 0);
});

test('a failed screenshot is {ok:false, reason} plus a capture error; the capture goes on', async () => {
  const s = session({ screenshot: async () => { throw new Error('Unable to capture screenshot'); } });
  const cap = await capturePage(s, 5, { format: 'elements', vision: true }, STAB);
  assert.equal(cap.screenshot.ok, false);
  assert.match(cap.screenshot.reason, /Unable to capture screenshot/);
  assert.match(cap.screenshot.reason, /fallback refused: the tab is in the background/);
  assert.deepEqual(cap.errors.filter((e) => e.step === 'screenshot').map((e) => e.message), [cap.screenshot.reason]);
  assert.ok(cap.dom_snapshot !== undefined && cap.frames.length === 1);
});
