// node --test extension/test/screenshot.test.mjs
import assert from 'node:assert/strict';
import test from 'node:test';

import {
  captureScreenshot, cdpParams, chooseFormat, chooseNudge, chooseQuality, chooseTimeout, dataUrlPayload,
  imageSize,
  ratioFromMetrics, scrollFromMetrics, visibleTabFallbackRefusal, withTimeout,
} from '../lib/capture/screenshot.js';

// A 3×2 PNG header (signature + IHDR) and a minimal JPEG with an APP0 segment then SOF0 (5×4).
const PNG_3x2 = Buffer.from(
  '89504e470d0a1a0a0000000d494844520000000300000002080200000012161f0a', 'hex',
).toString('base64');
const JPEG_5x4 = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffc0000b080004000501011100ffd9', 'hex',
).toString('base64');

test('format defaults to png and accepts jpeg/jpg', () => {
  assert.equal(chooseFormat(undefined), 'png');
  assert.equal(chooseFormat({ screenshot_format: 'JPEG' }), 'jpeg');
  assert.equal(chooseFormat({ screenshot_format: 'jpg' }), 'jpeg');
  assert.equal(chooseFormat({ screenshot_format: 'webp' }), 'png');
});

test('jpeg quality is clamped to 0..100 with a default', () => {
  assert.equal(chooseQuality({}), 80);
  assert.equal(chooseQuality({ screenshot_quality: 140 }), 100);
  assert.equal(chooseQuality({ screenshot_quality: -3 }), 0);
  assert.equal(chooseQuality({ screenshot_quality: '55.4' }), 55);
});

test('CDP parameters capture the viewport only, quality only for jpeg', () => {
  assert.deepEqual(cdpParams({}), { format: 'png', captureBeyondViewport: false, fromSurface: true });
  assert.deepEqual(cdpParams({ screenshot_format: 'jpeg', screenshot_quality: 60 }),
    { format: 'jpeg', captureBeyondViewport: false, fromSurface: true, quality: 60 });
});

test('device pixel ratio comes from device vs CSS layout viewport', () => {
  const metrics = (device, css) => ({
    layoutViewport: { clientWidth: 2530, clientHeight: device },
    cssLayoutViewport: { clientWidth: 1265, clientHeight: css },
  });
  assert.equal(ratioFromMetrics(metrics(1514, 757)), 2);
  assert.equal(ratioFromMetrics(metrics(757, 757)), 1);
  assert.equal(ratioFromMetrics(metrics(1136, 757)), 1.501);
  assert.equal(ratioFromMetrics({}, 1.25), 1.25);
  assert.equal(ratioFromMetrics(null, 'nonsense'), 1);
});

test('scroll offset is the visual viewport position in the document', () => {
  assert.deepEqual(scrollFromMetrics({ cssVisualViewport: { pageX: 0, pageY: 1200.5 },
    cssLayoutViewport: { pageX: 0, pageY: 1200 } }), { x: 0, y: 1200.5 });
  assert.deepEqual(scrollFromMetrics({ cssLayoutViewport: { pageX: 3, pageY: 4 } }), { x: 3, y: 4 });
  assert.equal(scrollFromMetrics({}), null);
});

test('image size is read from PNG and JPEG headers', () => {
  assert.deepEqual(imageSize(PNG_3x2, 'png'), { width: 3, height: 2 });
  assert.deepEqual(imageSize(JPEG_5x4, 'jpeg'), { width: 5, height: 4 });
  assert.equal(imageSize(JPEG_5x4, 'png'), null);
  assert.equal(imageSize('', 'png'), null);
});

test('captureVisibleTab stands in only for the active tab of a visible window', () => {
  assert.equal(visibleTabFallbackRefusal({ active: true }, { state: 'normal' }), null);
  assert.match(visibleTabFallbackRefusal({ active: false }, { state: 'normal' }), /background/);
  assert.match(visibleTabFallbackRefusal({ active: true }, { state: 'minimized' }), /minimized/);
  assert.match(visibleTabFallbackRefusal(null, null), /no longer exists/);
});

test('data URL payload is the base64 after the comma', () => {
  assert.equal(dataUrlPayload('data:image/png;base64,AAAA'), 'AAAA');
  assert.equal(dataUrlPayload('AAAA'), 'AAAA');
});

test('captureScreenshot returns the CDP image with its CSS size and ratio', async () => {
  const calls = [];
  const send = async (method, params) => {
    calls.push([method, params]);
    if (method === 'Page.getLayoutMetrics') {
      return { layoutViewport: { clientHeight: 4 }, cssLayoutViewport: { clientHeight: 2 },
        cssVisualViewport: { pageX: 0, pageY: 300 } };
    }
    return { data: PNG_3x2 };
  };
  // a 3×2 image at ratio 2 covers 1.5×1 CSS px, rounded
  const ticks = [1000, 1042.46]; // start, end
  const shot = await captureScreenshot(7, send, {}, { now: () => ticks.shift() ?? 9999 });
  assert.equal(shot.ok, true);
  assert.equal(shot.via, 'cdp');
  assert.equal(shot.format, 'png');
  assert.equal(shot.device_pixel_ratio, 2);
  assert.deepEqual(shot.scroll, { x: 0, y: 300 });
  assert.equal(shot.image_width, 3);
  assert.equal(shot.width, 2);
  assert.equal(shot.height, 1);
  assert.equal(shot.ms, 42.5, 'start to end on the injected clock, in 0.1 ms steps');
  assert.deepEqual(ticks, [], 'read once at the start and once at the end');
  assert.deepEqual(calls[1], ['Page.captureScreenshot',
    { format: 'png', captureBeyondViewport: false, fromSurface: true }]);
});

test('a failed CDP screenshot of a background tab is {ok:false, reason}', async () => {
  globalThis.chrome = {
    tabs: {
      get: async () => ({ id: 7, windowId: 1, active: false }),
      captureVisibleTab: async () => { throw new Error('must not be called'); },
    },
    windows: { get: async () => ({ id: 1, state: 'normal' }) },
  };
  try {
    const send = async (method) => {
      if (method === 'Page.captureScreenshot') throw new Error('Unable to capture screenshot');
      return {};
    };
    const ticks = [1000, 1042.46]; // start, end
  const shot = await captureScreenshot(7, send, {}, { now: () => ticks.shift() ?? 9999 });
    assert.equal(shot.ok, false);
    assert.match(shot.reason, /Unable to capture screenshot/);
    assert.match(shot.reason, /background/);
  } finally {
    delete globalThis.chrome;
  }
});

test('a failed CDP screenshot of the active tab falls back to captureVisibleTab', async () => {
  const asked = [];
  globalThis.chrome = {
    tabs: {
      get: async () => ({ id: 7, windowId: 3, active: true }),
      captureVisibleTab: async (windowId, details) => {
        asked.push([windowId, details]);
        return `data:image/jpeg;base64,${JPEG_5x4}`;
      },
    },
    windows: { get: async () => ({ id: 3, state: 'normal' }) },
  };
  try {
    const send = async (method) => {
      if (method === 'Page.captureScreenshot') throw new Error('boom');
      throw new Error('no metrics');
    };
    const shot = await captureScreenshot(7, send, { screenshot_format: 'jpeg', screenshot_quality: 50 });
    assert.equal(shot.ok, true);
    assert.equal(shot.via, 'captureVisibleTab');
    assert.equal(shot.data, JPEG_5x4);
    assert.equal(shot.image_width, 5);
    assert.equal(shot.device_pixel_ratio, 1);
    assert.equal(shot.scroll, null);
    assert.deepEqual(asked, [[3, { format: 'jpeg', quality: 50 }]]);
  } finally {
    delete globalThis.chrome;
  }
});

test('deadlines are clamped and have defaults', () => {
  assert.equal(chooseTimeout({}), 3000);
  assert.equal(chooseTimeout({ screenshot_timeout_ms: 5 }), 100);
  assert.equal(chooseTimeout({ screenshot_timeout_ms: 10 ** 9 }), 30000);
  assert.equal(chooseNudge({}), 250);
  assert.equal(chooseNudge({ screenshot_nudge_ms: -1 }), 0);
});

/** A CDP sender that behaves like a hidden tab: a capture is answered only by the next one. */
function hiddenTab() {
  const waiting = [];
  const calls = { shots: 0 };
  calls.send = (method) => {
    if (method === 'Page.getLayoutMetrics') return Promise.resolve({});
    calls.shots += 1;
    for (const resolve of waiting.splice(0)) resolve({ data: PNG_3x2 });
    return new Promise((resolve) => waiting.push(resolve));
  };
  return calls;
}

test('a capture a hidden tab does not answer is nudged by a second request', async () => {
  const tab = hiddenTab();
  const shot = await captureScreenshot(7, tab.send, { screenshot_nudge_ms: 50 });
  assert.equal(shot.ok, true);
  assert.equal(shot.nudged, true);
  assert.equal(tab.shots, 2);
  // (a timer may fire up to 1 ms early on the finer clock that measures it: 49.9 was seen)
  assert.ok(shot.ms >= 49, `the nudge waits screenshot_nudge_ms first (${shot.ms} ms)`);
});

test('the next capture of a hidden tab uses the answer its request provokes', async () => {
  const tab = hiddenTab();
  const first = await captureScreenshot(8, tab.send, { screenshot_nudge_ms: 300 });
  const second = await captureScreenshot(8, tab.send, { screenshot_nudge_ms: 300 });
  assert.equal(first.nudged, true);
  assert.equal(second.ok, true);
  assert.equal(second.nudged, false);
  assert.equal(tab.shots, 3);
});

test('a prompt answer needs no nudge', async () => {
  let shots = 0;
  const send = async (method) => {
    if (method === 'Page.captureScreenshot') shots += 1;
    return method === 'Page.captureScreenshot' ? { data: PNG_3x2 } : {};
  };
  const shot = await captureScreenshot(7, send, { screenshot_nudge_ms: 50 });
  assert.equal(shot.nudged, false);
  assert.equal(shots, 1);
});

test('a screenshot that never comes gives up at the deadline with a reason', async () => {
  globalThis.chrome = {
    tabs: { get: async () => ({ id: 7, windowId: 1, active: false }) },
    windows: { get: async () => ({ id: 1, state: 'normal' }) },
  };
  try {
    let shots = 0;
    const send = (method) => {
      if (method === 'Page.getLayoutMetrics') return Promise.resolve({});
      shots += 1;
      return new Promise(() => {});
    };
    const started = Date.now();
    const shot = await captureScreenshot(7, send, { screenshot_timeout_ms: 200, screenshot_nudge_ms: 50 });
    assert.equal(shot.ok, false);
    assert.match(shot.reason, /timed out after 200 ms/);
    assert.match(shot.reason, /background/);
    assert.equal(shots, 2);
    assert.ok(Date.now() - started >= 190, 'it waited for the deadline');
  } finally {
    delete globalThis.chrome;
  }
});

test('an error is not retried or nudged', async () => {
  globalThis.chrome = { tabs: { get: async () => null }, windows: { get: async () => null } };
  try {
    let shots = 0;
    const send = async (method) => {
      if (method === 'Page.captureScreenshot') shots += 1;
      throw new Error('Cannot access a chrome:// URL');
    };
    const ticks = [1000, 1042.46]; // start, end
  const shot = await captureScreenshot(7, send, {}, { now: () => ticks.shift() ?? 9999 });
    assert.equal(shot.ok, false);
    assert.equal(shots, 1);
    assert.match(shot.reason, /chrome:\/\/ URL.*no longer exists/);
  } finally {
    delete globalThis.chrome;
  }
});

test('withTimeout passes results and errors through before the deadline', async () => {
  assert.equal(await withTimeout(Promise.resolve(3), 50, 'x'), 3);
  await assert.rejects(withTimeout(Promise.reject(new Error('boom')), 50, 'x'), /boom/);
});
