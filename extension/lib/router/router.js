// Routing of page messages: validate, resolve the tab, attach → stabilize → capture → host.
// The pure parts (validation, sender policy, reply shaping) are unit-tested under node.

import { AxStream } from '../ax/ax_stream.js';
import { answerKey } from '../reuse/answer_cache.js';
import { offerDomSnapshotBase } from '../reuse/dom_snapshot_base.js';
import { fastPath } from '../reuse/fast_paths.js';
import { actProofOf } from '../session/act_proof.js';
import { withDeadline } from '../session/deadline.js';
import { AxError, toErrorInfo } from '../common/errors.js';
import { withResultText } from '../common/reply_text.js';
import { captureToWire } from '../common/walker_wire.js';
import { ERROR_CODES } from '../generated/contract.js';
import { checkOptions } from './options_check.js';
import { AGENT, SELF, checkCallerMessage, checkSender, outsideRole, pageRefusal } from './policy.js';
import { checkRestricted } from '../session/restricted.js';
import { createActRoutes } from '../act/route.js';
import { byAgent, createTabNames, tabIdForTarget } from './request_tab.js';

export { checkSender, tabIdForTarget };

const INVALID_HINT = 'Send {type:"snapshot", tabId?, targetId?, options} or {type:"ping_host"}; '
  + 'option names, types and bounds are those of SnapshotOptions (README: Options).';

function invalid(message) {
  return new AxError(ERROR_CODES.INVALID_MESSAGE, message, INVALID_HINT);
}

/** Validate options with the rules generated from the host's model (see options_check.js). */
export function validateOptions(options) {
  return checkOptions(options, INVALID_HINT);
}

/** Acting messages: checked here for their tab, by the host for the rest (models/act.py). */
export const ACT_TYPES = Object.freeze(['act', 'find', 'wait_ready', 'scroll_and_collect']);
export const MESSAGE_TYPES = Object.freeze(['snapshot', 'resolve', 'ping_host', ...ACT_TYPES]);

/** Validate a page message; returns the normalized request or throws invalid_message. */
export function validateMessage(msg) {
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) throw invalid('message must be an object');
  if (msg.type === 'ping_host') return { type: 'ping_host' };
  if (!MESSAGE_TYPES.includes(msg.type)) {
    throw new AxError('unknown_type', `unknown message type ${JSON.stringify(msg.type)}`,
      `Send one of ${MESSAGE_TYPES.join(', ')} (see schemas/api/).`);
  }
  if (msg.tabId !== undefined && msg.tabId !== null && !(Number.isInteger(msg.tabId) && msg.tabId >= 0)) {
    throw invalid('tabId must be a non-negative integer');
  }
  if (msg.targetId !== undefined && msg.targetId !== null && (typeof msg.targetId !== 'string' || !msg.targetId)) {
    throw invalid('targetId must be a non-empty string');
  }
  if (msg.tabId != null && msg.targetId != null) throw invalid('give tabId or targetId, not both');
  if (ACT_TYPES.includes(msg.type)) {
    return { type: msg.type, tabId: msg.tabId ?? null, targetId: msg.targetId ?? null, raw: msg };
  }
  if (msg.type === 'resolve') {
    if (typeof msg.elementId !== 'string' || !/^\d+-(axw)?\d+$/.test(msg.elementId)) {
      throw invalid('elementId must look like "0-29" (frame ordinal, backendNodeId) or "0-axw57" (a node of a read from the walk)');
    }
    if (msg.xpath !== undefined && msg.xpath !== null && (typeof msg.xpath !== 'string' || !msg.xpath.startsWith('/'))) {
      throw invalid('xpath must be an absolute XPath string');
    }
    return { type: 'resolve', tabId: msg.tabId ?? null, targetId: msg.targetId ?? null,
      elementId: msg.elementId, xpath: msg.xpath ?? null };
  }
  return {
    type: 'snapshot',
    tabId: msg.tabId ?? null,
    targetId: msg.targetId ?? null,
    options: validateOptions(msg.options),
  };
}

const round = (x) => Math.round(x * 10) / 10;

/** A read's sizes: the request's bytes as the host read them (its stats.request_bytes: the
 * worker hands the message to Chromium unserialized, native.js), the reply's as it came. */
export function sizesOf(sent) {
  const counted = sent.reply?.result?.stats?.request_bytes;
  return {
    capture_bytes: sent.requestBytes ?? (Number.isInteger(counted) ? counted : 0),
    reply_bytes: sent.replyBytes,
    reply_chunks: sent.replyChunks,
  };
}
// The cached answer's checks (the proof, the click listeners) each answer in 1-3 ms.
const ANSWER_CHECK_MS = 2000;

/**
 * A router over injected dependencies:
 * {ownId, debuggers (DebuggerManager), native (NativeClient), stabilize(session, options),
 *  capture(session, tabId, options, stabilization, {openStream, frames, walked}), getTargets(), getTab(tabId),
 *  walkWithProof, walksWithProof (walker_capture.js: a DOM read's walk asked with the proof),
 *  activeTabId(), allowList() (IDs of the extensions allowed to ask), now(), answerCache
 *  (answer_cache.js: a read of a page that did not change answered from the last answer)}.
 */
export function createRouter(deps) {
  const now = deps.now ?? (() => performance.now());
  const answerCheckMs = deps.answerCheckMs ?? ANSWER_CHECK_MS;

  /** Time one stage and tell `onProgress` ({stage, state:'start'|'end', ms?}) about it. */
  async function stage(name, onProgress, timings, key, fn) {
    const tell = (event) => {
      try {
        onProgress?.(event);
      } catch {
        // a listener that went away (panel closed) must not fail the snapshot
      }
    };
    tell({ stage: name, state: 'start' });
    const t0 = now();
    try {
      return await fn();
    } finally {
      const ms = round(now() - t0);
      if (key) timings[key] = ms;
      tell({ stage: name, state: 'end', ms });
    }
  }

  // the request's tab, held until dispatch ends (request_tab.js; a target's tab guessed)
  const { resolveTab, guess: targetTab } = createTabNames(deps);

  /** The tab, unless its page may not be read by this caller (`role`: policy.js SELF, AGENT
   * or an outsideRole). `asked`: the tab's entry asked already (null: ask now). */
  async function allowedTab(tabId, role, asked = null) {
    let tab = asked;
    try {
      tab ??= await deps.getTab(tabId);
    } catch {
      throw new AxError('tab_not_found', `Tab ${tabId} does not exist.`, 'Pick an open tab and retry.');
    }
    const url = tab?.url || tab?.pendingUrl || '';
    const refused = checkRestricted(url, deps.ownId, role.name === 'self') ?? pageRefusal(url, role);
    if (refused) throw new AxError(refused.code, refused.message, refused.hint);
    return tab;
  }

  /**
   * {tabId, tab} of a request, refused as allowedTab refuses. A target id looked up before
   * (the Python client names its tab so on every read) has its tab asked beside the target
   * list, one browser round trip instead of two in a row (0.4-0.6 ms a read); the list still
   * says which tab it is, and a guess it does not confirm is asked again.
   */
  async function readableTab(req, role) {
    const guess = req.targetId ? targetTab(req.targetId) : undefined;
    const early = guess === undefined ? null : deps.getTab(guess).catch(() => null);
    const tabId = await resolveTab(req);
    const asked = early && tabId === guess ? await early : null;
    return { tabId, tab: await allowedTab(tabId, role, asked) };
  }

  /** A stream of AX parts to the host for a whole-page read (ax_stream.js). */
  function streamOpener(onProgress, opened) {
    if (typeof deps.native?.post !== 'function') return undefined;
    return () => {
      const stream = new AxStream((type, body) => deps.native.post(type, body), { onProgress });
      opened.push(stream);
      return stream;
    };
  }

  /**
   * The proof (answer_cache.js) read before the capture, and the cached answer when it shows no
   * change since that answer's read: {proof, entry, walked, frames}. Nothing when the
   * options' answer may not be kept. `frames`: the frame tree asked ahead, or null when the
   * read walks with its proof (the walk tells the frames; the tree is asked only when it
   * cannot).
   */
  async function answerCheck(session, tabId, tab, key, options, ahead, timings) {
    if (!key) return { proof: null, entry: null, walked: null, frames: ahead };
    const t0 = now();
    const keeper = deps.answerCache;
    // reuse: false captures anyway (its answer is still kept for the next read)
    const reuse = options?.reuse !== false;
    // A DOM read of a document walked before asks the proof in its walk's own evaluate
    // (walker_capture.js: walkWithProof): the proof and the walk are one renderer task.
    const walked = deps.walkWithProof?.(session, tabId, options, {
      expect: reuse ? keeper.expected(tabId, key) : null,
      askProof: (loaderId) => keeper.asksProof(tabId, loaderId),
    }) ?? null;
    // The click listeners, which the proof cannot see (a script adding one changes no DOM),
    // asked now: before anything the capture reads, so an answer kept with them was made from
    // these or later ones, and a listener added since makes the next read capture again.
    // Not in a document found too big for a proof (no answer of it is kept): null, which
    // gives and keeps no answer should that document have gone meanwhile.
    const listenersRead = !deps.clickListeners ? null
      : keeper.knownBig(tabId) ? Promise.resolve(null) : deps.clickListeners(session);
    // its frames: the walk's (no child frame), else the frame tree, asked now
    const frames = ahead ?? (walked
      ? walked.reply.then((got) => (got?.frames
        ? { frames: got.frames, timings: { frames_from_walk: 1 }, errors: [], fresh: true }
        : deps.prefetchFrames?.(session) ?? null))
      : deps.prefetchFrames?.(session) ?? null);
    frames?.catch(() => {}); // unused or failed: the capture asks again
    // the frames (its main document may be one known too big for a proof)
    const listing = frames ? frames.then((got) => got?.frames ?? null, () => null) : Promise.resolve(null);
    const main = listing.then((listed) => listed?.find((f) => !f.parentFrameId)?.loaderId ?? null);
    const proofRead = walked
      ? walked.reply.then((got) => (got && !got.asked ? null : keeper.readProof(session, tabId, main, got?.proof)))
      : keeper.readProof(session, tabId, main);
    // A check that does not answer in time (a renderer sitting on it) is no proof: the read
    // captures, under the capture's own deadlines.
    const inTime = (promise, step) => withDeadline(promise, answerCheckMs, step).catch(() => null);
    const [proof, listed, listeners] = await Promise.all([inTime(proofRead, 'the cached answer\'s proof'),
      listing, listenersRead ? inTime(listenersRead, 'the click listeners') : undefined]);
    const here = { url: tab?.url ?? '', frames: listed, listeners };
    const entry = reuse ? keeper.find(tabId, key, proof, here) : null;
    timings.kept_check_ms = round(now() - t0);
    return { proof, entry, walked, frames, listeners };
  }

  async function snapshot(req, onProgress, role) {
    const t0 = now();
    const { tabId, tab } = await readableTab(req, role);
    // a preparation of this document (lib/reuse/prepare.js) never reads beside this read
    await deps.yieldPreparation?.(tabId);
    const keeper = deps.answerCache ?? null;
    keeper?.noteOptions(tabId, req.options);
    const key = keeper ? answerKey(req.options) : null;

    const timings = {};
    const session = await stage('attach', onProgress, timings, 'attach_ms',
      () => deps.debuggers.acquire(tabId));
    // 1: this read attached; n: the n-th read of an attachment kept between reads (debugger.js)
    if (Number.isInteger(session.uses)) timings.session_uses = session.uses;
    // what was done for this document before the read (lib/reuse/prepare.js), if anything
    const prepared = deps.preparation?.(tabId);
    if (prepared) timings.prepared = prepared;
    let capture;
    let stabilization;
    let check = { proof: null, entry: null, walked: null, frames: null };
    const streams = []; // the capture's AX stream (the last one, should a navigation restart it)
    try {
      // The frame tree is asked beside the stabilization: the capture takes it when the page
      // was quiet at the first reading (no wait: it is as good as one asked after). Not for
      // a read that walks with its proof: the walk tells the frames (answerCheck).
      const walks = key !== null && deps.walksWithProof?.(tabId, req.options) === true;
      const frames = walks ? null : deps.prefetchFrames?.(session) ?? null;
      frames?.catch(() => {}); // unused or failed: the capture asks again
      // beside it all, a probe: a tab an open JavaScript dialog blocks is answered at once
      // with dialog_open / page_busy, not after every step's deadline (act/blocked.js)
      await (deps.unlessBlocked ?? ((s, t, work) => work()))(session, tabId, async () => {
        stabilization = await stage('stabilize', onProgress, timings, 'stabilize_ms',
          // fast path settle_after_act: asked to settle, it may end on the last act's proof
          () => deps.stabilize(session, req.options,
            fastPath(req.options, 'settle_after_act') ? { actProof: actProofOf } : {}));
        // after the wait, before anything is walked: the page as this read sees it
        check = await answerCheck(session, tabId, tab, key, req.options, frames, timings);
        if (!check.entry) {
          capture = await stage('capture', onProgress, timings, 'capture_ms',
            () => deps.capture(session, tabId, req.options, stabilization,
              { openStream: streamOpener(onProgress, streams), frames: check.frames, walked: check.walked }));
        }
      });
    } finally {
      session.release();
    }
    if (check.entry) {
      const entry = check.entry;
      return {
        ok: true,
        result: keeper.answerOf(entry, stabilization),
        timings: {
          ...timings, capture_ms: 0, host_ms: 0, transfer_ms: 0, total_ms: round(now() - t0), capture_steps: {},
          kept_answer: keeper.describe(entry),
        },
        sizes: { capture_bytes: 0, reply_bytes: entry.sizes?.reply_bytes ?? 0, reply_chunks: 0 },
      };
    }
    const tSend = now();
    // the DOMSnapshot named for the host to keep, and sent as its changed columns when the
    // AX cache served the read and the host holds the last one (dom_snapshot_base.js)
    const domBase = offerDomSnapshotBase(tabId, capture, req.options);
    // fast path act_baseline_at_read: a whole-page DOM read of a tab with no act baseline
    // kept offers the host its capture as one, proved by what the read took before it
    const baseline = deps.actBaselines?.keepAtRead?.(tabId, check, capture, req.options) ?? null;
    // the walker's records as rows (common/walker_wire.js); `capture` is kept as read
    const ask = () => {
      const t1 = now();
      const wire = captureToWire(capture);
      timings.request_wire_ms = round(now() - t1); // of transfer_ms: the records to rows
      return deps.native.request('snapshot', { options: req.options, capture: wire, ...(baseline ? { baseline } : {}) });
    };
    let sent = await stage('process', onProgress, timings, null, ask);
    const stream = streams.at(-1);
    if (!sent.reply.ok && sent.reply.error?.code === 'bad_chunk'
        && ((stream?.usedBase && capture.ax_stream) || domBase.delta)) {
      // the host no longer holds a base (evicted, a new host): everything whole
      if (stream && capture.ax_stream) {
        stream.resendWhole();
        capture.ax_stream = stream.ref();
        timings.ax_stream_resent = 1;
      }
      if (domBase.delta) timings.dom_snapshot_resent = 1;
      domBase.restoreWhole();
      sent = await stage('process', onProgress, timings, null, ask);
    }
    if (sent.reply.ok) stream?.accepted();
    domBase.accepted(sent.reply.ok ? sent.reply.result?.stats : null);
    if (domBase.delta && !timings.dom_snapshot_resent) {
      if (domBase.used) timings.dom_snapshot_columns_reused = domBase.used;
      if (domBase.patched) timings.dom_snapshot_columns_patched = domBase.patched;
      if (domBase.strings) timings.dom_snapshot_strings_reused = domBase.strings;
    }
    const roundTrip = now() - tSend;
    const reply = sent.reply;
    if (!reply.ok) {
      if (baseline) deps.actBaselines.drop(tabId); // (the host kept nothing under it)
      const info = reply.error ?? {};
      throw new AxError(info.code ?? 'internal_error', info.message ?? 'the host failed', info.hint ?? '');
    }
    // a DOM read: the act baseline goes, unless matched; any read whose proof counted a change since it: it goes
    deps.actBaselines?.readRendered?.(tabId, req.options, reply.result, check.proof);
    const hostMs = Number(reply.result?.timings?.host_ms ?? 0);
    Object.assign(timings, {
      host_ms: round(hostMs),
      transfer_ms: round(Math.max(0, roundTrip - hostMs)),
      // of it: the worker's send (Chromium's JSON of the message, its post) and the host's
      // read of the frame
      ...(sent.sendMs != null ? { request_send_ms: sent.sendMs } : {}),
      ...(sent.replyTimes ?? {}), // and the reply's way back (native.js replyTimes)
      ...(reply.result?.timings?.request_read_ms != null
        ? { request_read_ms: reply.result.timings.request_read_ms } : {}),
      total_ms: round(now() - t0),
      capture_steps: capture.timings,
    });
    const sizes = sizesOf(sent);
    keeper?.keep(tabId, key, check.proof, capture, reply.result, sizes, false, check.listeners);
    // the result as the host wrote it goes on to the Python client (common/reply_text.js)
    return withResultText({ ok: true, result: reply.result, timings, sizes }, sent.resultText);
  }

  /**
   * A preparation's read (lib/reuse/prepare.js): the tab's last read options captured and rendered
   * by the host, the answer kept under the proof read before the capture. Resolves true when
   * an answer was kept; false when those options' answer may not be kept (the caller
   * then prepares without one).
   */
  async function prepareAnswer(session, tabId, stabilization) {
    const options = deps.answerCache?.lastOptions(tabId);
    const key = options ? answerKey(options) : null;
    if (!key) return false;
    const inTime = (promise) => withDeadline(promise, answerCheckMs, 'a preparation\'s check').catch(() => null);
    const [proof, listeners] = await Promise.all([inTime(deps.answerCache.readProof(session, tabId)),
      deps.clickListeners ? inTime(deps.clickListeners(session)) : undefined]);
    if (proof?.status !== 'ok') return false;
    const capture = await deps.capture(session, tabId, options, stabilization, {});
    const sent = await deps.native.request('snapshot', { options, capture: captureToWire(capture) });
    if (!sent.reply.ok) return false;
    deps.actBaselines?.readRendered?.(tabId, options, sent.reply.result, proof);
    const sizes = sizesOf(sent);
    deps.answerCache.keep(tabId, key, proof, capture, sent.reply.result, sizes, true, listeners);
    return true;
  }

  /**
   * A URL the extension read itself, through the host's one URL scrubber (with the tab's
   * secret field names); if the host cannot answer, only its origin leaves.
   */
  async function scrubbedUrl(tabId, url) {
    try {
      const sent = await deps.native.request('scrub_urls', { tabId, urls: [String(url ?? '')] },
        { timeoutMs: 15_000 });
      const urls = sent.reply.ok ? sent.reply.result?.urls : null;
      if (Array.isArray(urls) && typeof urls[0] === 'string') return urls[0];
    } catch {
      // fall through: the origin only
    }
    try {
      return new URL(String(url)).origin;
    } catch {
      return '';
    }
  }

  /** Resolve an outline element id on the live page (deps.resolve: see resolve.js). */
  async function resolve(req, role) {
    const t0 = now();
    const tabId = await resolveTab(req);
    await allowedTab(tabId, role);
    if (!deps.resolve) throw new AxError('internal_error', 'resolve is not available', '');
    const session = await deps.debuggers.acquire(tabId);
    try {
      const result = await deps.resolve(session, req.elementId, req.xpath);
      result.frameUrl = await scrubbedUrl(tabId, result.frameUrl);
      return { ok: true, result, timings: { total_ms: round(now() - t0) } };
    } finally {
      session.release();
    }
  }

  const actRoutes = createActRoutes({ deps: { ...deps, checkTab: allowedTab }, resolveTab, readableTab, now });

  async function pingHost() {
    const t0 = now();
    const sent = await deps.native.request('ping', {}, { timeoutMs: 15_000 });
    if (!sent.reply.ok) {
      const info = sent.reply.error ?? {};
      throw new AxError(info.code ?? 'internal_error', info.message ?? 'ping failed', info.hint ?? '');
    }
    return { ok: true, result: sent.reply.result, timings: { total_ms: round(now() - t0) } };
  }

  /**
   * Handle one message; always resolves with {ok:true,...} or {ok:false, error}.
   * `onProgress({stage, state, ms?})` hears the stages of a snapshot as they run.
   */
  async function handle(msg, sender, { onProgress } = {}) {
    try {
      const allowList = sender?.id === deps.ownId ? [] : await (deps.allowList?.() ?? []);
      const role = checkSender(sender, deps.ownId, allowList) === 'self' ? SELF : AGENT;
      return await dispatch(validateMessage(msg), role, onProgress, byAgent(role, sender));
    } catch (err) {
      return { ok: false, error: toErrorInfo(err) };
    }
  }

  /**
   * A request of an outside agent (control.js: axsnap serve / MCP through the native host),
   * under the outside role's rules. `grants`: what the person allowed the process they
   * started ({fileUrls, upload}, control.js). Not reachable by any chrome.runtime sender.
   */
  async function handleOutside(msg, grants = {}) {
    try {
      return await dispatch(validateMessage(msg), outsideRole(grants));
    } catch (err) {
      return { ok: false, error: toErrorInfo(err) };
    }
  }

  async function dispatch(req, role, onProgress, agent = true) {
    // strictly typed by validateMessage: the policy reads parsed values
    checkCallerMessage(req, role);
    req.byAgent = agent; // (request_tab.js: the tab's hold, ended at the reply)
    try {
      if (req.type === 'resolve') return await resolve(req, role);
      if (actRoutes[req.type]) return await actRoutes[req.type](req, role);
      return await (req.type === 'ping_host' ? pingHost() : snapshot(req, onProgress, role));
    } finally {
      req.held?.(); // the tab's debugger attachment idles from here (debugger.js hold)
    }
  }

  return { handle, handleOutside, prepareAnswer };
}
