// Every target records the click it takes (on itself, and to the top page when framed);
// `?scroll=Y` scrolls the document after load, `data-scroll-top` inner panes.
function hit(el) {
  el.dataset.hit = '1';
  const log = (window.top === window ? document : null);
  if (log) document.body.dataset.hits = `${document.body.dataset.hits || ''} ${el.id}`.trim();
  else window.top.postMessage({ hit: el.id }, '*');
}
addEventListener('message', (e) => {
  if (e.data && e.data.hit) document.body.dataset.hits = `${document.body.dataset.hits || ''} ${e.data.hit}`.trim();
});
addEventListener('click', (e) => {
  const t = e.target.closest && e.target.closest('[data-expect]');
  if (t) hit(t);
}, true);
addEventListener('change', (e) => {
  const t = e.target.closest && e.target.closest('[data-expect]');
  if (t) hit(t);
}, true);
function settle() {
  for (const pane of document.querySelectorAll('[data-scroll-top]')) pane.scrollTop = Number(pane.dataset.scrollTop);
  const y = Number(new URLSearchParams(location.search).get('scroll') || document.body.dataset.scroll || 0);
  if (y) scrollTo(0, y);
  document.body.dataset.ready = '1';
}
addEventListener('load', settle);
