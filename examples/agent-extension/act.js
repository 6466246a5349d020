// Acting on one element of a DOM text snapshot, inside the page, with chrome.scripting.
// axsnap only reads pages; acting is the agent's job, with the agent's own permissions.
//
// An element record (from the snapshot's `elements`) carries `xpath` (frame-prefixed: one
// "/html/…" document hop per frame, "#shadow-root" steps into shadow roots) and `selector`
// (within its own document; " >>> " enters a shadow root). locateInFrame runs in every
// frame; the frame at the right depth whose selector and XPath agree on one element of the
// right tag is the one. Two such frames: refuse, never guess.

/** Runs in the page (serialized by chrome.scripting): must not use anything from outside. */
export function locateInFrame(record, action, text) {
  const steps = String(record.xpath || '').split('/').filter(Boolean);
  // document hops: a new one starts at "html" right after an iframe/frame step
  const hops = [[]];
  steps.forEach((step, i) => {
    if (step === 'html' && i > 0 && /^i?frame(\[\d+\])?$/.test(steps[i - 1])) hops.push([]);
    hops[hops.length - 1].push(step);
  });
  let depth = 0;
  for (let w = window; w !== w.parent; w = w.parent) depth += 1;
  if (depth !== hops.length - 1) return { found: false };

  let el = null;
  let scope = document;
  for (const piece of String(record.selector || '').split(' >>> ')) {
    if (!scope) return { found: false };
    const all = scope.querySelectorAll(piece);
    if (all.length !== 1) return { found: false };
    el = all[0];
    scope = el.shadowRoot;
  }
  if (!el || el.localName !== String(record.tagName || '').toLowerCase()) return { found: false };
  const local = hops[hops.length - 1];
  if (!local.includes('#shadow-root')) {
    const byXPath = document.evaluate(`/${local.join('/')}`, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
    if (byXPath !== el) return { found: false };
  }
  if (!action) return { found: true };

  el.scrollIntoView({ block: 'center', inline: 'center' });
  if (action === 'click') {
    el.focus?.();
    el.click();
    return { found: true, done: `clicked <${el.localName}>` };
  }
  // action "type": the value setter of the element's own prototype, then input + change,
  // the way a person's typing reaches the page's listeners. A label types into its control.
  if (el.localName === 'label' && el.control) el = el.control;
  el.focus?.();
  if (el.isContentEditable) {
    el.textContent = text;
  } else if (el.localName === 'select') {
    const option = [...el.options].find((o) => o.value === text || o.label === text || o.text === text);
    if (!option) return { found: true, error: `no option "${text}"` };
    el.value = option.value;
  } else if ('value' in el) {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set;
    if (setter) setter.call(el, text);
    else el.value = text;
  } else {
    return { found: true, error: `<${el.localName}> takes no text` };
  }
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return { found: true, done: `typed into <${el.localName}>` };
}

/** Find the element's frame (dry run in every frame), then act there only. */
export async function actOn(tabId, record, action, text = '') {
  const probes = await chrome.scripting.executeScript({
    target: { tabId, allFrames: true }, func: locateInFrame, args: [record, null, ''],
  });
  const frames = probes.filter((p) => p.result?.found).map((p) => p.frameId);
  if (frames.length === 0) {
    throw new Error(`element [${record.index}] is not on the page any more (or the page changed): take a new snapshot`);
  }
  if (frames.length > 1) throw new Error(`element [${record.index}] matches in ${frames.length} frames: refusing to guess`);
  const [done] = await chrome.scripting.executeScript({
    target: { tabId, frameIds: [frames[0]] }, func: locateInFrame, args: [record, action, text],
  });
  const result = done?.result ?? {};
  if (!result.found) throw new Error(`element [${record.index}] went away before the ${action}: take a new snapshot`);
  if (result.error) throw new Error(result.error);
  return result.done;
}
