// Every target records the click it takes (on itself, and to the top page when framed);
// `?scroll=Y` scrolls the document after load, `data-scroll-top` inner panes. The top page is
// ready (`data-ready`) once it and every frame in it are scrolled as the case means.
function hit(el) {
  el.dataset.hit = '1';
  const log = (window.top === window ? document : null);
  if (log) document.body.dataset.hits = `${document.body.dataset.hits || ''} ${el.id}`.trim();
  else window.top.postMessage({ hit: el.id }, '*');
}
const settledFrames = new Set();
let settledHere = false;
// A document is ready once it and every frame in it are; a frame then tells its parent (a
// frame that holds frames waits for them first). A frame can settle before its parent's copy
// of this script has run (the parent's parser still waiting on it): the message finds no
// listener and is lost. So the parent asks each frame at its own start, and a frame that is
// ready says so again whenever asked.
function askFrames() {
  for (const frame of document.querySelectorAll('iframe')) {
    if (frame.contentWindow) frame.contentWindow.postMessage({ askSettled: true }, '*');
  }
}
function markReady() {
  if (!settledHere || settledFrames.size < document.querySelectorAll('iframe').length) return;
  if (window.top !== window && document.body.dataset.ready !== '1') window.parent.postMessage({ settled: true }, '*');
  document.body.dataset.ready = '1';
}
addEventListener('message', (e) => {
  if (e.data && e.data.hit) document.body.dataset.hits = `${document.body.dataset.hits || ''} ${e.data.hit}`.trim();
  if (e.data && e.data.askSettled && window.top !== window && document.body.dataset.ready === '1') {
    window.parent.postMessage({ settled: true }, '*');
  }
  if (e.data && e.data.settled) {
    settledFrames.add(e.source);
    markReady();
  }
});
addEventListener('click', (e) => {
  const t = e.target.closest && e.target.closest('[data-expect]');
  if (t) hit(t);
}, true);
addEventListener('change', (e) => {
  const t = e.target.closest && e.target.closest('[data-expect]');
  if (t) hit(t);
}, true);
// A cross-site frame's document can still be laid out no taller than its viewport at its
// load event (seen 1 load in ~20 under load: scrollHeight 300 of 1352), so the scroll is
// clamped to 0 and the frame shows its page unscrolled: it is tried again until the document
// is scrolled to y, or is laid out taller than its viewport and scrolled as far as it goes.
// Tried again by a timer, not an animation frame: Chromium runs no animation frame in a
// cross-site frame out of the viewport (iframes_below_fold's), which would never settle.
function scrolledAsMeant(y) {
  const room = document.documentElement.scrollHeight - innerHeight;
  return Math.abs(scrollY - y) < 1 || (room > 0 && scrollY >= room - 1);
}
function settle() {
  for (const pane of document.querySelectorAll('[data-scroll-top]')) pane.scrollTop = Number(pane.dataset.scrollTop);
  const y = Number(new URLSearchParams(location.search).get('scroll') || document.body.dataset.scroll || 0);
  if (y) scrollTo(0, y);
  if (y && !scrolledAsMeant(y)) {
    setTimeout(settle, 16);
    return;
  }
  settledHere = true;
  markReady();
}
function start() {
  askFrames();
  settle();
}
// This script may be added after the load event (ready_handshake.html): then it starts at once.
if (document.readyState === 'complete') start();
else addEventListener('load', start);
