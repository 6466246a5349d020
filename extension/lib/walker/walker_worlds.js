// A re-read walks in the worlds the last read of the document walked in: one
// Runtime.evaluate per world, in its execution context, instead of chrome.scripting.
//
// Why: running the cached walker through chrome.scripting.executeScript (every frame) costs
// the walk plus 3–5 ms on the demo page and MiniWoB's login-user (the browser process finds
// the frames, injects, gathers the results); the worlds' contexts are known after a read
// (walker_id_cache.js), so the same function runs over CDP with one round trip per world,
// all at once.
//
// When: only when the tab holds the same frames, each with the same document (CDP frame id
// and loaderId), as at the read that walked them, so the same worlds are the ones that
// walk (a frame that was covered by its parent still is; a new frame means another path),
// and every world's context is still known for a session the capture has. Anything else,
// or any world that does not answer with the cached walker's output, falls back to
// chrome.scripting (the walk then runs again there; nothing of this one is used).

import { freeRunsStatement, recallContext, takeUnfreed } from '../reuse/walker_id_cache.js';

const MAX_TABS = 64;
const walked = new Map(); // tabId -> {signature, runs: [{frameId, documentId, world}]}

/** The frames of a capture as one string: each frame's id, document and session. */
export function framesSignature(frames) {
  return frames.map((f) => `${f.frameId}:${f.loaderId ?? ''}:${f.sessionId ?? ''}`).join('|');
}

/** Keep where `out` (walkFrames' output, top run first) walked, for the next read of `tabId`. */
export function rememberWalk(tabId, frames, out) {
  walked.delete(tabId);
  const runs = [{ frameId: 0, documentId: out?.documentId ?? null, world: out?.world },
    ...(out?.subframes ?? []).map((sf) => ({ frameId: sf.frameId, documentId: sf.documentId, world: sf.result?.world }))];
  if (runs.some((r) => typeof r.world !== 'string')) return;
  // the top document's root element: its click listeners are asked right behind the walk
  walked.set(tabId, { signature: framesSignature(frames), runs, root: out?.elements?.[0]?.b ?? null });
  while (walked.size > MAX_TABS) walked.delete(walked.keys().next().value);
}

/** Forget the tab's walk (tests). */
export function forgetWalk(tabId) {
  walked.delete(tabId);
}

/**
 * Walk `tabId` in the worlds of its last walk, or null (the caller injects). `keepAs`: the
 * cached walker's name; `opts`: the walker's options. `askAhead(root)`: sends the top
 * document's listener read (walker_ids.js listenersAhead), called once the walks are sent so
 * the renderer answers it right after them with no round trip between (on the demo page it
 * was a round of its own after the ids: 2.5–5 ms). Returns {out: walkFrames' shape, ahead}.
 */
export async function walkInWorlds(session, tabId, frames, keepAs, opts, askAhead = () => null) {
  const memo = walked.get(tabId);
  if (!memo || memo.signature !== framesSignature(frames)) return null;
  const sessions = new Set([null, ...frames.map((f) => f.sessionId).filter(Boolean)]);
  const where = memo.runs.map((r) => recallContext(r.world, sessions));
  if (where.some((w) => !w)) return null;
  const t0 = performance.now();
  // a JSON string back: CDP's by-value return of the records costs 2–3 ms more (walker_capture.js)
  // each world first lets go of the runs earlier reads took nothing from (walker_id_cache.js)
  const expression = (world) => `(() => { ${freeRunsStatement(takeUnfreed(world))}
    const walk = globalThis[${JSON.stringify(keepAs)}];
    return typeof walk === 'function' ? JSON.stringify(walk(${JSON.stringify({ ...opts, keepAs })})) : null; })()`;
  const walks = Promise.all(where.map((w, i) => session.send('Runtime.evaluate',
    { expression: expression(memo.runs[i].world), contextId: w.contextId, returnByValue: true },
    w.sessionId ?? undefined).catch(() => null)));
  const ahead = opts.hold ? askAhead(memo.root) : null;
  const replies = await walks;
  const results = replies.map((r) => {
    try {
      return r && !r.exceptionDetails && typeof r.result?.value === 'string' ? JSON.parse(r.result.value) : null;
    } catch {
      return null;
    }
  });
  if (results.some((res, i) => !res || typeof res !== 'object' || res.world !== memo.runs[i].world)) {
    walked.delete(tabId);
    return null;
  }
  const [out, ...subs] = results;
  out.subframes = subs.map((result, i) => ({
    frameId: memo.runs[i + 1].frameId, documentId: memo.runs[i + 1].documentId, result,
  }));
  out.stats = {
    ...(out.stats ?? {}),
    inject_ms: Math.round((performance.now() - t0) * 10) / 10,
    all_frames: true,
    frames_injected: results.length,
    walker_sources: 0,
    subframes_walked: subs.length,
    in_worlds: results.length, // walked over CDP in the worlds the last read found
  };
  out.documentId = memo.runs[0].documentId;
  return { out, ahead };
}
