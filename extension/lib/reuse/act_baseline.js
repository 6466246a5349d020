// The act's kept baseline (fast path act_baseline, models/fast_paths.py): an act reads the page
// before acting (readiness, then a walk the host builds its elements from) to resolve its target
// and to have what its change report compares with. In an act loop that read is the page the
// last act's report already read: when the page provably did not change since, the next act
// resolves and reports against that report's capture, which the host kept (act/baseline.py),
// and skips the wait and the walk (≈ 40 ms of an act on a small page).
//
// The proof, read BEFORE the report's capture (so a change during that capture makes the next
// act capture again) and again before the next act, must be the same on every count:
// - the answer watch's proof (content/answerwatch.js, the answer cache's: mutations, input,
//   focus, scroll, style sheets, controls set by script...; "ok", same id and seq);
// - the tab's URL (a pushState changes no DOM), its frames (ids and documents);
// - the click listeners (walker_ids.js: a script adding one changes no DOM, and the walker
//   names an element clickable by them).
// The host adds its own: no read rebuilt the tab's elements since that report (else it answers
// `baseline_gone` and the act captures). `exact` turns it off: the act always reads first.
// Kept in the worker's memory only, one baseline per tab for a few tabs.

import { fastPath } from './fast_paths.js';
import { asProof, framesKey, injectProof, PROOF, proofInWorld } from './answer_cache.js';
import { recallContext } from './walker_id_cache.js';

export const MAX_TABS = 8;
// A read in these formats leaves the host's elements as they were (act/baseline.py: a kept
// baseline stands while no read rebuilt them: pipeline/run.py sets them for the DOM formats
// only); DOM text, elements and Set-of-Mark rebuild them, alone or among also_formats.
const LEAVES_ELEMENTS = new Set(['snapshot', 'outline', 'semantic', 'semantic_text']);

/** Whether a read with `options` is a whole-page DOM read in one format (act_baseline_at_read). */
function wholePageDom(options) {
  return (options?.format === 'domtext' || options?.format === 'elements') && options?.viewport_only === false
    && !(options?.also_formats?.length);
}

/** Whether `proof` (a read's, status ok) counted a change since the `kept` baseline's witness:
 * the watch's id names its document and its seq only grows, so its check can never stand. */
function changedSince(kept, proof) {
  return proof?.status === 'ok' && (proof.id !== kept.proof.id || proof.seq !== kept.proof.seq);
}

/** A token naming one kept baseline (the host keeps the capture under it). */
function newToken() {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Kept baselines over injected dependencies: {clickListeners(session) → signature | null,
 * frames(session) → frames (flattenFrameTree's shape) | null, tabUrl(tabId) → string | null,
 * inject(tabId) → the watch's proof array through chrome.scripting, checkMs: how long each
 * reading may take (a renderer sitting on it is no proof)}.
 */
export function createActBaselines({
  clickListeners = async () => null, frames = async () => null, tabUrl = async () => null,
  inject = injectProof, checkMs = 2000,
} = {}) {
  const tabs = new Map(); // tabId -> {token, proof, url, frames, listeners, world, loaderId}

  const inTime = (promise) => {
    let timer;
    const late = new Promise((resolve) => { timer = setTimeout(resolve, checkMs, null); });
    return Promise.race([Promise.resolve(promise).catch(() => null), late]).finally(() => clearTimeout(timer));
  };

  /** The watch's proof in the walker's world `world` (one evaluate), else through chrome.scripting. */
  async function readProof(session, tabId, world) {
    return (await proofInWorld(session, world)) ?? asProof(await inject(tabId).catch(() => null));
  }

  /** The readings a capture's proof is compared on: {proof, listeners, frames, url}.
   * `asked`: the proof's reading already sent (askKept), else it is asked here. */
  async function readingsNow(session, tabId, world, asked = null, onFrames = null) {
    const proofRead = asked ? asked.then((got) => got.proof ?? readProof(session, tabId, world)) : readProof(session, tabId, world);
    const framesRead = inTime(frames(session));
    if (onFrames) framesRead.then(onFrames);
    const [proof, listeners, listed, url] = await Promise.all([
      inTime(proofRead), inTime(clickListeners(session)), framesRead, inTime(tabUrl(tabId))]);
    return { proof, listeners, frames: framesKey(listed), url, listed };
  }

  function keep(tabId, witness, capture, options) {
    tabs.delete(tabId);
    if (!fastPath(options, 'act_baseline') || !witness || !capture || capture.errors?.length) return null;
    const token = newToken();
    tabs.set(tabId, {
      token, proof: witness.proof, listeners: witness.listeners, url: capture.tab?.url ?? '',
      frames: framesKey(capture.frames), world: capture.walker?.world ?? null,
      loaderId: capture.frames?.find((f) => !f.parentFrameId)?.loaderId ?? null,
    });
    while (tabs.size > MAX_TABS) tabs.delete(tabs.keys().next().value);
    return token;
  }

  /** Whether `now` shows nothing changed since `witness` was read before `capture`. */
  const sameAs = (now, witness, url, framesOf) => now.proof?.status === 'ok' && now.proof.id === witness.proof.id
    && now.proof.seq === witness.proof.seq && now.listeners === witness.listeners && now.url === url
    && now.frames !== null && now.frames === framesOf;

  return {
    /**
     * What a capture of `tabId` is proved by, read just before it (`world`: the walker world
     * of the act's capture before, where the proof is asked): {proof, listeners}, or null
     * when there is no proof (an animation, a frame of another origin, a big document) or
     * no fast path wants one (`options` exact).
     */
    async witness(session, tabId, world = null, options = {}) {
      if (!fastPath(options, 'act_baseline') && !fastPath(options, 'act_early_capture')) return null;
      const [proof, listeners] = await Promise.all([
        inTime(readProof(session, tabId, world ?? tabs.get(tabId)?.world)), inTime(clickListeners(session))]);
      return proof?.status === 'ok' && typeof listeners === 'string' ? { proof, listeners } : null;
    },

    /** Whether a capture after an act with `options` is read with a witness (a fast path
     * that keeps it or lets it stand early wants one; not when `exact`). */
    wantsWitness(options) {
      return fastPath(options, 'act_baseline') || fastPath(options, 'act_early_capture');
    },

    /**
     * The witness of a walk sent with the proof (walker_capture.js walkWithProof: the watch's
     * proof is read in the walk's own renderer task, just before the walk), with the click
     * listeners asked right behind it (walkWithProof's own read when it sent one, else asked here:
     * call this at once after walkWithProof, so they are sent after the walk): {proof,
     * listeners}, or null as `witness`.
     */
    async witnessOfWalk(session, walked) {
      // `walked.listeners`: the read walkWithProof sent right behind the walk (listenersBehind)
      const [got, listeners] = await Promise.all([inTime(walked.reply),
        inTime(walked.listeners ?? clickListeners(session))]);
      const proof = got?.asked ? asProof(got.proof) : null;
      return proof?.status === 'ok' && typeof listeners === 'string' ? { proof, listeners } : null;
    },

    /**
     * Whether the page of `tabId` is still the one `capture` read after `witness` (fast path
     * act_early_capture: the capture after an act taken while its readiness ran stands when
     * nothing changed by the time readiness ended). Null witness: false.
     */
    async unchanged(session, tabId, witness, capture) {
      if (!witness || !capture || capture.errors?.length) return false;
      const now = await readingsNow(session, tabId, capture.walker?.world ?? null);
      return sameAs(now, witness, capture.tab?.url ?? '', framesKey(capture.frames));
    },

    /** Whether the capture after an act with `options` may be taken while readiness runs. */
    mayCaptureEarly(options) {
      return fastPath(options, 'act_early_capture');
    },

    /** Whether the act's readiness may end on "nothing scheduled since the input" (fast path
     * settle_nothing_scheduled, content/readiness.js settleCheck) instead of the floor. */
    maySettleUnscheduled(options) {
      return fastPath(options, 'settle_nothing_scheduled');
    },

    /** Whether a fill may go in as one insertText where no listener would see its keys
     * (lib/act/fill_rule.js). */
    mayInsertText(options) {
      return fastPath(options, 'fill_insert_text');
    },

    /** Whether an act's box and hit test of a top document's node may be read in its lookup's
     * page call (lib/act/point_in_page.js) instead of DevTools' three reads. */
    mayPointInPage(options) {
      return fastPath(options, 'act_point_in_page');
    },

    /** Whether the capture after an act may read its layout in the walk's own evaluate
     * (lib/act/layout_in_walk.js) instead of Page.getLayoutMetrics. */
    mayLayoutInWalk(options) {
      return fastPath(options, 'act_layout_in_walk');
    },

    /** Whether an act without a standing baseline may look its target up on the frames of the
     * capture the host resolved it on (capture.js liveFrames) instead of reading them again. */
    mayTakeCaptureFrames(options) {
      return fastPath(options, 'act_capture_frames');
    },

    /** Whether an act with no standing baseline may have its id, index or semantic id looked
     * up by the host before the capture before is in (fast path act_id_lookup, act/before.js). */
    mayLookUp(options) {
      return fastPath(options, 'act_id_lookup');
    },

    /** Keep the report's `capture` (read after `witness`) as the tab's baseline: the token the
     * host keeps it under, or null (nothing kept: the capture carries errors). */
    keep,

    /**
     * Fast path act_baseline_at_read (host act/baseline_at_read.py): a whole-page DOM read
     * (`options`: domtext or elements alone, viewport_only false) of a tab with no baseline
     * kept keeps its `capture` as one, proved by `witness` ({proof, listeners}: what the read
     * took before that capture, router.js answerCheck). The token to send with the read, or
     * null. The host keeps the capture only when it is the act's own (the whole page inside
     * the act's window...): its reply says timings.act_baseline_at_read, else readRendered
     * drops the token.
     */
    keepAtRead(tabId, witness, capture, options) {
      if (!fastPath(options, 'act_baseline_at_read') || !wholePageDom(options)) return null;
      if (witness?.proof?.status !== 'ok' || typeof witness.listeners !== 'string') return null;
      // a baseline kept stays, unless the read's proof counted a change since it (it can never
      // stand again: readRendered would drop it at the reply)
      const kept = tabs.get(tabId);
      if (kept && !changedSince(kept, witness.proof)) return null;
      return keep(tabId, { proof: witness.proof, listeners: witness.listeners }, capture, options);
    },

    /** The token of the baseline kept for `tabId` (not yet checked: `check` says whether it
     * stands), or null; none when the act is exact. The host may be asked to resolve on it
     * while the check runs: an answer on a baseline that does not stand is not used. */
    keptToken(tabId, options) {
      return fastPath(options, 'act_baseline') ? tabs.get(tabId)?.token ?? null : null;
    },

    /** The execution context of the walker's world the kept baseline of `tabId` was walked in
     * (its top document's isolated world: one evaluate reads the modals there), or null. */
    keptContext(tabId) {
      const world = tabs.get(tabId)?.world;
      return world ? recallContext(world, new Set([null]))?.contextId ?? null : null;
    },

    /**
     * The check's proof asked now, with `also` (an expression the act reads in the same world
     * anyway: one evaluate, in the isolated world of the kept baseline's walk, the proof read
     * first): {sent (the renderer's answer, or its failure), read → {proof, also}}; null when
     * no check would be made (`options` exact, nothing kept for the tab, its world unknown).
     */
    askKept(session, tabId, options, also = 'null') {
      const world = fastPath(options, 'act_baseline') ? tabs.get(tabId)?.world : null;
      const contextId = world ? recallContext(world, new Set([null]))?.contextId ?? null : null;
      if (contextId === null) return null;
      const sent = session.send('Runtime.evaluate', { expression: `[${PROOF}, ${also}]`, contextId, returnByValue: true });
      const read = sent.then((res) => {
        const value = res && !res.exceptionDetails ? res.result?.value : null;
        return Array.isArray(value) ? { proof: asProof(value[0]), also: value[1] } : { proof: null, also: null };
      }, () => ({ proof: null, also: null }));
      return { sent, read, contextId };
    },

    /**
     * The baseline of `tabId` when the page provably did not change since it was kept:
     * {token, url, loaderId, frames (the tab's frames as read now), topContext (askKept's
     * world when its evaluate answered there, else null)}; else null (and it is dropped). Nothing is asked when the act is
     * exact or the tab has none. `asked`: askKept's reading (its proof is the check's).
     * `onFrames`: called with the tab's frames as the check read them (null: not read in
     * time), as soon as they are in, before the check's other readings end (act/before.js:
     * the target's lookup goes beside the rest of the check); the same array `frames` is.
     */
    async check(session, tabId, options, asked = null, onFrames = null) {
      if (!fastPath(options, 'act_baseline')) return null;
      const kept = tabs.get(tabId);
      if (!kept) return null;
      const now = await readingsNow(session, tabId, kept.world, asked?.read ?? null, onFrames);
      if (!sameAs(now, kept, kept.url, kept.frames)) {
        tabs.delete(tabId);
        return null;
      }
      // the frames just read, and the top document's world when askKept's evaluate answered
      // in it: the act's lookup takes them instead of asking again (executor.js liveTarget)
      const answered = asked ? await asked.read.then((got) => got.proof !== null) : false;
      return { token: kept.token, url: kept.url, loaderId: kept.loaderId, frames: now.listed,
        topContext: answered ? asked.contextId : null };
    },

    /**
     * The host rendered a read of `tabId` with `options` (`result`: its reply's result): when
     * one of its formats rebuilds the tab's elements, the host's baseline is gone unless the
     * read matched it (fast path act_baseline_over_read, act/baseline.py: the reply says
     * timings.act_baseline_kept), so the tab's token goes too and the next act captures at
     * once, asking the host nothing first when its target is words (act/before.js). Erring
     * either way costs time, never an answer: a token the host no longer holds is answered
     * baseline_gone, and an act without one captures and resolves exactly.
     *
     * `proof`: the answer watch's proof the read took before its capture (router.js
     * answerCheck), when it read one. A proof of the same watch that counted a change since
     * the baseline's (another id or seq, status ok) says the next act's check fails for sure
     * (the watch's id names its document and its seq only grows: check's sameAs can never
     * hold again), so the token goes now, whatever the read's format, and the next act
     * captures at once instead of checking first (design note 152: the check's readings and
     * the host's resolve on the baseline for nothing; the act's resolve 185 → 112 ms at load 20).
     */
    readRendered(tabId, options, result = null, proof = null) {
      const kept = tabs.get(tabId);
      if (kept && changedSince(kept, proof)) {
        tabs.delete(tabId);
        return;
      }
      const formats = [options?.format ?? 'snapshot', ...(options?.also_formats ?? [])];
      // (kept across the read, or kept from it: fast path act_baseline_at_read)
      if (result?.timings?.act_baseline_kept === 1 || result?.timings?.act_baseline_at_read === 1) return;
      if (formats.some((format) => !LEAVES_ELEMENTS.has(format))) tabs.delete(tabId);
    },

    /** Forget the tab's baseline (the host no longer holds it, the tab went). */
    drop(tabId) {
      tabs.delete(tabId);
    },
  };
}
