// The ids take's other way, timed in a plain Chromium (design notes 77 and 87): the page's
// elements and non-blank text nodes cut into subtrees of at most LIMIT nodes, each subtree
// root described with DOM.describeNode (depth -1, pierce), FLIGHT in flight, against the deep
// take of every one of those nodes in parts of 1,000, two in flight (walker_ids_listable.js).
// A DevTools client as fast as the extension's worker at JSON: run by profile_ids_subtrees.py
// with the page's DevTools socket (node --experimental-websocket).
//
//     node --experimental-websocket bench/profile_ids_subtrees.mjs <ws url> <limit> <runs>

const [url, limitText, runsText] = process.argv.slice(2);
const LIMIT = Number(limitText);
const FLIGHT = 4;
const DEEP = { serialization: 'deep', maxDepth: 1, additionalParameters: { maxNodeDepth: 0, includeShadowTree: 'none' } };

const socket = new WebSocket(url);
await new Promise((resolve, reject) => {
  socket.addEventListener('open', resolve);
  socket.addEventListener('error', (e) => reject(new Error(e.message)));
});
let serial = 0;
const waiting = new Map();
socket.addEventListener('message', (event) => {
  const reply = JSON.parse(event.data);
  const done = waiting.get(reply.id);
  if (done) { waiting.delete(reply.id); done(reply); }
});
const call = (method, params) => new Promise((resolve) => {
  serial += 1;
  waiting.set(serial, resolve);
  socket.send(JSON.stringify({ id: serial, method, params }));
});
async function inFlight(calls, flight) {
  const out = [];
  let next = 0;
  const lane = async () => { while (next < calls.length) { const k = next++; out[k] = await call(...calls[k]); } };
  await Promise.all(Array.from({ length: flight }, lane));
  return out;
}

// In the page: the held nodes (shadow roots' children first, then the light children) and
// the subtree roots: a node of at most LIMIT nodes is one, a bigger one is cut at its children.
const CUT = `(() => {
  const kids = (n) => [...(n.nodeType === 1 && n.shadowRoot ? n.shadowRoot.childNodes : []), ...n.childNodes]
    .filter((k) => k.nodeType === 1 || (k.nodeType === 3 && k.data.trim()));
  const size = new Map();
  const count = (n) => { let s = 1; for (const k of kids(n)) s += count(k); size.set(n, s); return s; };
  count(document.documentElement);
  const held = [];
  const roots = [];
  const hold = (n) => { held.push(n); for (const k of kids(n)) hold(k); };
  const cut = (n) => { if (size.get(n) <= ${LIMIT}) roots.push(n); else for (const k of kids(n)) cut(k); };
  hold(document.documentElement);
  cut(document.documentElement);
  globalThis.__subtreeRoots = roots;
  globalThis.__heldNodes = held;
  return [roots.length, held.length]; })()`;

const [roots, held] = (await call('Runtime.evaluate', { expression: CUT, returnByValue: true })).result.result.value;
for (let run = 0; run < Number(runsText); run++) {
  const t0 = performance.now();
  const list = (await call('Runtime.evaluate', { expression: 'globalThis.__subtreeRoots', objectGroup: 'cut' })).result.result.objectId;
  const props = (await call('Runtime.getProperties', { objectId: list, ownProperties: true })).result.result;
  const objects = props.filter((p) => /^\d+$/.test(p.name)).map((p) => p.value.objectId);
  const described = await inFlight(objects.map((objectId) => ['DOM.describeNode', { objectId, depth: -1, pierce: true }]), FLIGHT);
  const t1 = performance.now();
  const parts = [];
  for (let at = 0; at < held; at += 1000) {
    parts.push(['Runtime.evaluate', { expression: `globalThis.__heldNodes.slice(${at}, ${at + 1000})`, serializationOptions: DEEP, objectGroup: 'cut' }]);
  }
  await inFlight(parts, 2);
  const t2 = performance.now();
  await call('Runtime.releaseObjectGroup', { objectGroup: 'cut' });
  const bytes = described.reduce((sum, reply) => sum + JSON.stringify(reply).length, 0);
  console.log(JSON.stringify({ run, limit: LIMIT, roots, held, subtrees_ms: Math.round(t1 - t0),
    subtrees_mb: Math.round(bytes / 1e5) / 10, deep_ms: Math.round(t2 - t1) }));
}
socket.close();
