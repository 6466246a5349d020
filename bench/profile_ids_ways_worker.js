// The service worker's side of bench/profile_ids_ways.py (design note 110): three expressions,
// each after its marker line, evaluated in the worker (NODES and WAY_NAME filled in by the script).
// ---- SETUP: the tab, its debugger, an isolated world holding the picked nodes
(async () => {
  const tabs = (await chrome.tabs.query({})).filter((t) => /^http:\/\/127\.0\.0\.1/.test(t.url));
  const target = { tabId: tabs[0].id };
  // the read's attachment is let go once idle (lib/session/debugger.js IDLE_DETACH_MS): then ours
  for (let waited = 0; waited < 60000; waited += 250) {
    const t = (await chrome.debugger.getTargets()).find((x) => x.tabId === target.tabId);
    if (!t?.attached) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await chrome.debugger.attach(target, '1.3');
  const send = (method, params) => chrome.debugger.sendCommand(target, method, params);
  const tree = await send('Page.getFrameTree', {});
  const world = await send('Page.createIsolatedWorld', { frameId: tree.frameTree.frame.id, worldName: 'w23-ways' });
  const contextId = world.executionContextId;
  const held = await send('Runtime.evaluate', { contextId, returnByValue: true, expression: `(() => {
    const all = [];
    const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
    const w = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = w.currentNode; n; n = w.nextNode()) {
      if (n.nodeType === 3 && (!n.data.trim() || skip.has(n.parentNode.nodeName))) continue;
      all.push(n);
    }
    const step = Math.max(1, all.length / NODES);
    const held = [];
    for (let at = 0; at < all.length && held.length < NODES; at += step) held.push(all[Math.floor(at)]);
    globalThis.__w23held = held;
    globalThis.__w23el = held.filter((n) => n.nodeType === 1);
    globalThis.__w23text = held.filter((n) => n.nodeType === 3);
    return [all.length, held.length, globalThis.__w23el.length, globalThis.__w23text.length]; })()` });
  globalThis.__w23 = { send, contextId };
  return held.result.value;
})()
// ---- WAY: one way timed
(async () => {
  const { send, contextId } = globalThis.__w23;
  const DEEP = { serialization: 'deep', maxDepth: 1, additionalParameters: { maxNodeDepth: 0, includeShadowTree: 'none' } };
  const size = (r) => JSON.stringify(r).length;
  const way = WAY_NAME;
  const t0 = performance.now();
  let bytes = 0;
  let named = 0;
  const deep = async (name) => {
    const count = (await send('Runtime.evaluate', { contextId, returnByValue: true, expression: `${name}.length` })).result.value;
    let next = 0;
    const lane = async () => {
      while (next < count) {
        const at = next; next += 1000;
        const r = await send('Runtime.evaluate', { contextId, expression: `${name}.slice(${at}, ${at + 1000})`,
          serializationOptions: DEEP, objectGroup: 'w23' });
        bytes += size(r);
        for (const item of r.result.deepSerializedValue.value) if (item?.value?.backendNodeId) named += 1;
      }
    };
    await Promise.all([lane(), lane()]);
  };
  if (way === 'deep') await deep('globalThis.__w23held');
  if (way === 'deep_el') await deep('globalThis.__w23el');
  if (way === 'deep_text') await deep('globalThis.__w23text');
  if (way === 'snapshot') {
    const r = await send('DOMSnapshot.captureSnapshot', { computedStyles: [] });
    bytes = size(r);
    for (const d of r.documents) named += d.nodes.backendNodeId.length;
  }
  if (way === 'describe') {
    const doc = await send('Runtime.evaluate', { contextId, expression: 'document', objectGroup: 'w23' });
    const r = await send('DOM.describeNode', { objectId: doc.result.objectId, depth: -1, pierce: true });
    bytes = size(r);
    const visit = (n) => { named += 1; for (const k of [...(n.children ?? []), ...(n.shadowRoots ?? []),
      ...(n.contentDocument ? [n.contentDocument] : [])]) visit(k); };
    visit(r.node);
  }
  if (way === 'describe_each') {
    const arr = await send('Runtime.evaluate', { contextId, expression: 'globalThis.__w23held.slice(0, 1000)', objectGroup: 'w23' });
    const props = await send('Runtime.getProperties', { objectId: arr.result.objectId, ownProperties: true });
    const objects = props.result.filter((p) => /^\d+$/.test(p.name)).map((p) => p.value.objectId);
    const rs = await Promise.all(objects.map((objectId) => send('DOM.describeNode', { objectId })));
    for (const r of rs) { bytes += size(r); if (r.node.backendNodeId) named += 1; }
  }
  const ms = performance.now() - t0;
  await send('Runtime.releaseObjectGroup', { objectGroup: 'w23' });
  return { ms: Math.round(ms), mb: Math.round(bytes / 1e4) / 100, named };
})()
// ---- ORDER: a preorder walk's node names against DOMSnapshot's order
(async () => {
  const { send, contextId } = globalThis.__w23;
  const walk = await send('Runtime.evaluate', { contextId, returnByValue: true, expression: `(() => {
    const t0 = performance.now();
    const names = [];
    const visit = (n) => {
      names.push(n.nodeName);
      if (n.nodeType === 1 && n.localName === 'template' && n.content) visit(n.content);
      // the flat tree: a host's shadow children (not its light ones), a slot's assigned nodes
      const assigned = n.nodeType === 1 && n.localName === 'slot' ? n.assignedNodes() : null;
      if (assigned?.length) { for (const k of assigned) visit(k); return; }
      const from = n.nodeType === 1 && n.shadowRoot ? n.shadowRoot : n;
      for (let k = from.firstChild; k; k = k.nextSibling) visit(k);
    };
    visit(document);
    return [performance.now() - t0, names]; })()` });
  const [ms, names] = walk.result.value;
  const snap = await send('DOMSnapshot.captureSnapshot', { computedStyles: [] });
  const doc = snap.documents[0];
  const pseudo = new Set(doc.nodes.pseudoType?.index ?? []);
  const theirs = [];
  doc.nodes.nodeName.forEach((s, i) => { if (!pseudo.has(i)) theirs.push(snap.strings[s]); });
  let first = -1;
  let mismatches = 0;
  for (let i = 0; i < Math.max(names.length, theirs.length); i++) {
    if (names[i] !== theirs[i]) { mismatches += 1; if (first < 0) first = i; }
  }
  return { walk_ms: Math.round(ms), ours: names.length, snapshot: theirs.length, pseudo: pseudo.size,
    documents: snap.documents.length, first_mismatch: first, mismatches,
    around: first < 0 ? null : [names.slice(Math.max(0, first - 3), first + 3), theirs.slice(Math.max(0, first - 3), first + 3)] };
})()
