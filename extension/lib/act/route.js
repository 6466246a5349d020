// The acting messages, end to end: act, find, wait_ready, scroll_and_collect.
//
// act: capture the tab (DOM channel, whole page) → the host validates the message and
// resolves the target on the capture the caller last saw (ids) or on this one (words) →
// the node is found again and checked (executor.js) → real input → readiness → a capture
// after → the host writes the ActionResult (what changed, values redacted). The value typed
// travels caller → extension → CDP only: it is in no host message and no reply.

import { AxError, toErrorInfo } from '../common/errors.js';
import { ACT_LIMITS } from '../generated/contract.js';
import { actTimeoutMs, dialogStorm, mainDocumentIs, navigatedDuring, startRun } from './run.js';
import { execute, liveTarget } from './executor.js';
import { checkReady, focusAndModals, MODALS, READY_DEFAULTS, shownModals, watchPage } from './readiness.js';
import { wheelAt } from './input.js';
import { watchOpenedTabs } from './opened.js';
import { readPageClock } from '../session/page_clock.js';
import { keepActProof } from '../session/act_proof.js';
import { actionPoint } from './geometry.js';
import { createAfterReads, earlyStart, pageAtSettle } from './after.js';
import { createBeforeReads, exactTarget } from './before.js';
import { askRuleObjects, mayReadListeners } from './fill_rule.js';
import { portTimes } from './port_times.js';

const round = (x) => Math.round(x * 10) / 10;
// The actions whose text goes in through fill.js (its rule may read the page's listeners).
const TYPES_TEXT = new Set(['fill', 'type']);
/** The frame ordinal an element id names ("0-29", "0-axw4"), else null. */
const ordinalOf = (target) => {
  const match = /^(\d+)-/.exec(String(target?.id ?? ''));
  return match ? Number(match[1]) : null;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// Executor refusals: the action was tried and refused; the reply is an ActionResult.
const REFUSALS = new Set(['stale_element', 'not_actionable', 'occluded', 'not_found', 'ambiguous_target',
  'action_failed', 'invalid_message', 'hit_test_failed', 'press_missed']);

// Acting reads the whole page, as a window grown far past the viewport rather than as
// viewport_only: false: the window path gives every element its backendNodeId itself, in
// cross-site frames too (the whole-page path joins through a DOMSnapshot of the tab).
export const ACT_EXPAND_PX = 20_000;

function domOptions(ready, wholePage = true, exact = false) {
  return {
    format: 'elements', viewport_only: true, viewport_expand_px: wholePage ? ACT_EXPAND_PX : 0,
    stabilize: { enabled: true, quiet_ms: ready.quiet_ms, max_wait_ms: ready.max_wait_ms,
      max_pending_requests: ready.max_pending_requests, settle: ready.settle !== false },
    ...(exact ? { exact: true } : {}),
  };
}

/** The forms submitted in the document between two readings of its clock ([] when the
 * document changed: the change report then says it navigated). */
function submitsSince(before, after) {
  if (!before?.submits || !after?.submits || before.token !== after.token) return [];
  return after.submits.last.filter((s) => s.seq > before.submits.seq);
}

function hostError(reply) {
  const info = reply.error ?? {};
  return new AxError(info.code ?? 'internal_error', info.message ?? 'the host failed', info.hint ?? '');
}

/** Handlers over the router's deps and its tab resolution. */
export function createActRoutes({ deps, resolveTab, readableTab = null, now }) {
  const unlessBlocked = deps.unlessBlocked ?? ((session, tabId, work) => work());

  /** The host's answer to one request; `times`, when given, gets the port's way of it
   * (`<step>_send_ms`, `_wait_ms`, `_frames_ms`, `_parse_ms`: native.js replyTimes). */
  async function host(type, body, times = null, step = '') {
    const sent = await deps.native.request(type, body);
    if (times) portTimes(times, step, sent);
    if (!sent.reply.ok) throw hostError(sent.reply);
    return sent.reply.result;
  }

  async function capture(session, tabId, options, stabilization = null, ahead = {}) {
    const report = stabilization ?? await deps.stabilize(session, options);
    return deps.capture(session, tabId, options, report, ahead);
  }
  const { readAfter } = createAfterReads({ deps, now, capture });
  // (message: below, called only once an act runs)
  const { readBefore } = createBeforeReads({ deps, now, host, capture, message: (req) => message(req), unlessBlocked });

  async function withTab(req, role, fn) {
    const tabId = await resolveTab(req);
    if (deps.checkTab) await deps.checkTab(tabId, role);
    const session = await deps.debuggers.acquire(tabId);
    try {
      return await fn(session, tabId);
    } finally {
      session.release();
    }
  }

  /** The caller's message for the host to check, without the value an action types: the
   * host checks its shape (a string, or strings for upload) on an empty stand-in, so the
   * text typed (a password) never reaches the host. */
  const message = (req) => {
    const { tabId, targetId, value, ...rest } = req.raw;
    if (value === undefined || value === null) return rest;
    const standIn = (v) => (typeof v === 'string' ? '' : v);
    return { ...rest, value: Array.isArray(value) ? value.map(standIn) : standIn(value) };
  };

  /** The value an action types, checked for its length here: the host never sees it. */
  function checkValue(value) {
    const max = ACT_LIMITS.MAX_VALUE_CHARS;
    const parts = Array.isArray(value) ? value : [value];
    for (const part of parts) {
      if (typeof part === 'string' && part.length > max) {
        throw new AxError('invalid_message', `value is ${part.length} characters long; an action takes at most ${max}`,
          'Split the text over several actions (type appends), or shorten it.');
      }
    }
  }

  async function act(req, role) {
    const t0 = now();
    checkValue(req.raw.value);
    const ready = checkReady(req.raw.options?.ready);
    const timeoutMs = actTimeoutMs(req.raw.options, ready);
    if (!(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
      throw new AxError('invalid_message', 'options.timeout_ms must be an integer of milliseconds', '');
    }
    // (the router's readableTab: a tab looked up before is asked beside the target list)
    const tabId = readableTab ? (await readableTab(req, role)).tabId : await resolveTab(req);
    if (!readableTab && deps.checkTab) await deps.checkTab(tabId, role);
    const run = startRun(timeoutMs);
    let held;
    try {
      held = await deps.debuggers.acquire(tabId);
    } catch (err) {
      run.done(); // no act ran: its deadline must not outlive the refusal
      throw err;
    }
    const session = run.session(held);
    // Page events for the whole act, the check's and the watch's uses nested (one enable, not
    // two); not waited for: a renderer a dialog holds may not answer (blocked.js tells that)
    const pageUse = session.usePage?.().catch(() => null) ?? null;
    const timings = {};
    const exact = req.raw.options?.exact === true;
    const report = { tabId, action: req.raw.action, target: null, options: domOptions(ready, true, exact), timings, before: {} };
    let watch = null;
    let opened = null;
    let looked = null; // fast path act_id_lookup: the capture before and its exact resolve, behind
    let ruleObjects = null;
    const work = (async () => {
      const options = report.options;
      let t = now();
      timings.start_ms = round(t - t0); // the tab, its check and the debugger
      // the modals before: in the kept baseline's walker world when there is one, in the
      // evaluate that reads its check's proof (act_baseline.js askKept), else on their own
      const asked = deps.actBaselines?.askKept?.(session, tabId, options, MODALS) ?? null;
      const context = deps.actBaselines?.keptContext(tabId) ?? null;
      const modalsBefore = asked ? asked.read.then((got) => (Array.isArray(got.also) ? got.also.map(String)
        : shownModals(session))) : context === null ? shownModals(session)
        : focusAndModals(session, context).then((got) => got.modals);
      // fast paths settle_nothing_scheduled (the page's schedule counters before the input) and
      // act_point_in_page; the target's lookup (reads only: the page is not touched) and the
      // clock, started beside a kept baseline's check (before.js `ahead`, note 141), else below
      const schedule = deps.actBaselines?.maySettleUnscheduled(options) ?? false;
      const pointInPage = deps.actBaselines?.mayPointInPage?.(options) ?? false;
      const insertText = deps.actBaselines?.mayInsertText?.(options) ?? false; // fast path fill_insert_text
      const lookup = (got, known) => {
        const pair = Promise.all([got.target ? liveTarget(session, got.target, got.message.action, known, { pointInPage }) : null,
          got.to ? liveTarget(session, got.to, null, known) : null]);
        pair.catch(() => {}); // a refusal is taken below, once the watch is on
        // a fill's rule reads listeners off the top document's and window's main-world objects:
        // asked beside the lookup, once an act (handles: read once the field has focus)
        ruleObjects ??= TYPES_TEXT.has(got.message.action) && mayReadListeners(req.raw.value, ordinalOf(got.target), insertText)
          ? askRuleObjects(session) : null;
        return pair;
      };
      const ahead = { lookup, clock: () => readPageClock(tabId, { schedule }) };
      const [{ before: read, resolved, known = null, behind = null, found: foundAhead = null, clock: clockAhead = null }, modals] =
        await Promise.all([readBefore(session, tabId, req, options, run, timings, asked, ahead), modalsBefore]);
      timings.resolve_ms = round(now() - t);
      const msg = resolved.message;
      // (the kept baseline resolved on: the host's report compares with its elements)
      Object.assign(report, { action: msg.action, target: resolved.target,
        before: { modals, ...(read?.baseline ? { baseline: read.baseline } : {}) } });
      looked = behind;
      if (resolved.error) {
        report.error = resolved.error;
        return;
      }
      let inputDone = false;
      let before = read;
      /** What the report compares with, once read: before the input (act_id_lookup: the
       * capture before is walked while the target is found and the watch starts). */
      const beforeIs = (got) => {
        before = got;
        Object.assign(report.before, { url: got.url, loaderId: got.loaderId });
        if (got.loaderId) {
          run.sameDocument = mainDocumentIs(got.loaderId);
          run.leftDocument = () => navigatedDuring(msg.action);
        }
      };
      if (read) beforeIs(read);
      const beforeRead = behind ? behind.ready.then((got) => ({ got }), (err) => ({ err })) : null;
      t = now();
      opened = watchOpenedTabs(tabId);
      let clockBefore;
      const watching = Promise.all([clockAhead ?? readPageClock(tabId, { schedule }), watchPage(session, {
        dialog: msg.options.dialog,
        onWindowOpen: (url) => opened.onWindowOpen(url),
        onNavigate: () => { if (!inputDone) run.stopInput(navigatedDuring(msg.action)); },
        onStorm: (dialog, answered) => run.stop(dialogStorm(dialog, answered)),
      })]);
      // the target is found, its box and hit test read, while the watch starts; both are done
      // before the first input event
      run.step(`finding the target on the page`);
      const found = foundAhead ?? lookup(resolved, known);
      [clockBefore, watch] = await watching;
      timings.watch_ms = round(now() - t);
      if (beforeRead) {
        const tb = now();
        const { got, err } = await beforeRead;
        if (err) throw err;
        beforeIs(got);
        timings.before_wait_ms = round(now() - tb); // the capture before, once the watch is on
      }
      t = now();
      keepActProof(tabId, null); // this act's input: the last act's proof no longer holds
      try {
        const [node, to] = await found;
        run.step(`the ${msg.action}`);
        const spans = {};
        const done = await execute(session, msg.action, node, req.raw.value ?? null, to,
          { force: msg.options.force, delta_y: msg.options.delta_y, spans, insertText, ruleObjects });
        for (const [key, ms] of Object.entries(spans)) timings[key] = round(ms);
        report.method = done.method;
        if (done.typed_by) report.typed_by = done.typed_by;
        if (node?.scrolledIntoView) report.target = { ...report.target, offscreen: true };
        if (node?.through) report.target = { ...report.target, through: node.through };
        if (typeof node?.pressSeen === 'boolean') report.target = { ...report.target, press_seen: node.pressSeen };
      } catch (err) {
        const stop = run.inputStopped;
        if (stop && err === stop) report.error = toErrorInfo(err);
        else if (!(err instanceof AxError) || !REFUSALS.has(err.code)) throw err;
        else {
          report.error = { ...toErrorInfo(err), ...(err.cover ? { cover: err.cover } : {}),
            ...(err.hitTest ? { hit_test: err.hitTest } : {}) };
        }
      } finally {
        ruleObjects?.release(); // (the rule released them when it ran)
      }
      inputDone = true;
      looked?.exact(); // act_id_lookup: the capture before to the host, behind the input
      const inputEnd = now();
      timings.action_ms = round(inputEnd - t);
      // fast path act_early_capture: the capture after is taken while readiness runs, and
      // stands if nothing changed by the time readiness ended (act_baseline.js: unchanged)
      const baselines = deps.actBaselines ?? null;
      const settled = { stabilized: true, waited_ms: 0, reasons: [] };
      // (walked as the wait's first settle check is asked, its listeners read once that check
      // answered; after.js earlyStart)
      let readinessOver = () => {};
      const over = new Promise((resolve) => { readinessOver = resolve; });
      const starts = baselines?.mayCaptureEarly(options) && msg.options.wait && !report.error
        ? earlyStart(session, watch.firstCheck, over) : null;
      const early = starts ? starts.walk.then(() => {
        timings.early_frames_ms = round(now() - inputEnd);
        return readAfter(session, tabId, options, before.world, settled, { listenersAt: starts.listeners });
      }).catch(() => null) : null;
      if (msg.options.wait && !report.error) {
        t = now();
        run.step('readiness after the action');
        report.readiness = await watch.ready({ ...msg.options.ready, settle: msg.options.ready?.settle ?? true },
          { schedule: clockBefore?.schedule ?? null, documentToken: clockBefore?.token ?? null, withProof: early !== null });
        timings.ready_ms = round(now() - t);
        // what a read right after may settle on (fast path settle_after_act, session/act_proof.js)
        keepActProof(tabId, report.readiness.ended_by === 'settled' ? watch.settledReading : null);
      }
      const readyAt = now();
      readinessOver();
      t = now();
      run.step('the tabs the action opened');
      let clockAfter;
      // the page's clock as the settle check that ended readiness read it, when it did
      const clock = watch.settledReading?.submits ? watch.settledReading : null;
      const unwatched = Promise.all([watch.stop(), opened.list(), clock ?? readPageClock(tabId)]).then((got) => {
        timings.unwatch_ms = round(now() - t);
        return got;
      });
      // the early capture stands when, readiness over, the page is still the one it read; a walk
      // sent once readiness had ended is the capture after readiness itself (nothing to check)
      const earlyChecked = early && !report.error ? early.then(async (got) => {
        const tc = now();
        if (got && got.walkedAt >= readyAt) return { ...got, afterReady: true };
        // the page at the verdict that ended the wait, when it tells (no read: after.js pageAtSettle)
        const atSettle = pageAtSettle(watch.settledPage, got);
        if (atSettle !== null) timings.early_checked_at_settle = 1;
        const stands = atSettle ?? (Boolean(got?.witness) && await baselines.unchanged(session, tabId, got.witness, got.capture));
        timings.after_check_ms = round(now() - tc);
        return stands ? got : null;
      }) : null;
      earlyChecked?.catch(() => {}); // awaited below unless the act ends first
      [, report.opened_tabs, clockAfter] = await unwatched;
      report.dialogs = watch.dialogs;
      report.activity = { ...watch.activity(), submits: submitsSince(clockBefore, clockAfter) };
      if (!report.error || report.error.code === 'page_navigated') {
        run.step('the capture after the action');
        const stabilization = report.readiness ? { ...settled, stabilized: report.readiness.ready } : null;
        let after = earlyChecked ? await earlyChecked : null;
        timings.after_wait_ms = round(now() - t);
        if (early) timings.early_capture = after ? 1 : 0;
        if (after) after.capture.stabilization = stabilization;
        after = after ?? await readAfter(session, tabId, options, before.world, stabilization);
        Object.assign(report, { focus: after.focus, modals: after.modals, capture: after.capture });
        if (after.spans) {
          timings.after_pre_ms = round(after.spans.pre);
          timings.after_capture_ms = round(after.spans.capture);
          if (after.walkedAt !== undefined && after.capture?.timings?.walker_with_proof === 1) timings.after_walked_with_proof = 1;
          if (after.afterReady) timings.early_walked_after_ready = 1;
          if (after.capture?.walker?.stats?.ids?.listable_window === 1) timings.after_listable_ids = 1;
        }
        report.baseline = baselines?.keep(tabId, after.witness, after.capture, options) ?? null;
        timings.after_ms = round(now() - t);
      }
    })();
    try {
      const stopped = await Promise.race([work.then(() => null), run.ended]);
      if (stopped) {
        work.catch(() => {}); // it ends on its own: every command it sends now is refused
        report.error = { ...toErrorInfo(stopped), ...(stopped.dialog ? { dialog: stopped.dialog } : {}) };
        report.dialogs = watch?.dialogs ?? [];
        delete report.capture;
        report.baseline = null;
        looked = null; // (its capture may never come: the reply keeps the lookup's target)
        deps.actBaselines?.drop(tabId);
      }
    } catch (err) {
      if (run.stopped && err === run.stopped) report.error = toErrorInfo(err);
      else throw err;
    } finally {
      run.done();
      ruleObjects?.release(); // (asked by a lookup the act did not take, or released already)
      opened?.stop();
      watch?.stop().catch(() => {});
      pageUse?.then((release) => release?.());
      held.release();
    }
    return finish(report, t0, looked);
  }

  async function finish(report, t0, looked = null) {
    // act_id_lookup: the reply names the target as the exact resolve on the capture before does
    const exact = looked ? await looked.exact().catch(() => null) : null;
    if (exact && report.target) report.target = exactTarget(report.target, exact, report.timings);
    report.timings.total_ms = round(now() - t0);
    const t = now();
    const port = {};
    const result = await host('act_report', report, port, 'report');
    return { ok: true, result, timings: { total_ms: round(now() - t0), report_ms: round(now() - t), ...port } };
  }

  async function find(req, role) {
    const t0 = now();
    return withTab(req, role, async (session, tabId) => {
      const options = domOptions(READY_DEFAULTS);
      const snap = await unlessBlocked(session, tabId, () => capture(session, tabId, options));
      const result = await host('act_resolve', { message: message(req), options, capture: snap });
      return { ok: true, result, timings: { total_ms: round(now() - t0) } };
    });
  }

  async function waitReady(req, role) {
    const t0 = now();
    // a wait with no action before it: the quiet window, unless the caller asks to settle
    const opts = checkReady(req.raw.options, { settle: false });
    return withTab(req, role, async (session) => {
      const watch = await watchPage(session);
      try {
        const result = await watch.ready(opts);
        return { ok: true, result, timings: { total_ms: round(now() - t0) } };
      } finally {
        await watch.stop();
      }
    });
  }

  const SCROLL_STATE = `function () {
    const el = this && this.nodeType === 1 ? this : document.scrollingElement || document.documentElement;
    return JSON.stringify({ y: el.scrollTop, height: el.scrollHeight, client: el.clientHeight });
  }`;

  async function scrollState(session, node) {
    if (node) {
      const r = await session.send('Runtime.callFunctionOn',
        { objectId: node.objectId, functionDeclaration: SCROLL_STATE, returnByValue: true }, node.frame.sessionId);
      return JSON.parse(r.result.value);
    }
    const tree = await session.send('Page.getFrameTree');
    const world = await session.send('Page.createIsolatedWorld', { frameId: tree.frameTree.frame.id, worldName: 'axsnap-act' });
    const r = await session.send('Runtime.evaluate', { expression: `(${SCROLL_STATE}).call(null)`,
      contextId: world.executionContextId, returnByValue: true });
    return JSON.parse(r.result.value);
  }

  async function scrollAndCollect(req, role) {
    const t0 = now();
    return withTab(req, role, async (session, tabId) => {
      const ready = { ...READY_DEFAULTS, max_wait_ms: 5000 };
      let node = null;
      if (req.raw.target !== undefined && req.raw.target !== null) {
        const whole = domOptions(ready);
        const resolved = await host('act_resolve', { message: message(req), options: whole,
          capture: await capture(session, tabId, whole) });
        if (resolved.error) throw new AxError(resolved.error.code, resolved.error.message, resolved.error.hint);
        node = await liveTarget(session, resolved.target);
      }
      const collection = `c${Math.floor(Math.random() * 1e9)}`;
      const options = domOptions(ready, false);
      const base = { tabId, collection, until: req.raw.until ?? null, options };
      // step 0: the host checks the message (models/act.py) and takes the first window
      const first = await host('collect_step', { ...base, step: 0, message: message(req),
        capture: await capture(session, tabId, options) });
      const { max_scrolls: maxScrolls, delay_ms: delay } = first.message;
      const steps = [];
      let stopped = first.matched ? 'until_matched' : 'max_scrolls';
      for (let i = 1; i <= maxScrolls && stopped !== 'until_matched'; i++) {
        const before = await scrollState(session, node);
        const point = node ? (await actionPoint(session, node)).point : await pageCentre(session);
        await wheelAt(session, point, Math.max(100, Math.round(before.client * 0.8)));
        await sleep(delay);
        await deps.stabilize(session, { stabilize: { enabled: true, quiet_ms: 200, max_wait_ms: 3000, max_pending_requests: 0 } });
        const after = await scrollState(session, node);
        const step = await host('collect_step', { ...base, step: i,
          capture: await capture(session, tabId, { ...options, stabilize: { enabled: false } }, { stabilized: true, waited_ms: 0, reasons: [] }) });
        steps.push({ scroll: i, added: step.added, scroll_y: after.y, height: after.height });
        if (step.matched) stopped = 'until_matched';
        else if (after.y === before.y && after.height === before.height) {
          stopped = 'end_of_page';
          break;
        }
      }
      const done = await host('collect_step', { ...base, step: maxScrolls + 1, finish: stopped });
      return {
        ok: true,
        result: { elements: done.elements, domtext: done.domtext, steps, stopped, total: done.total },
        timings: { total_ms: round(now() - t0) },
      };
    });
  }

  async function pageCentre(session) {
    const m = await session.send('Page.getLayoutMetrics');
    const vp = m.cssLayoutViewport ?? m.layoutViewport;
    return { x: vp.clientWidth / 2, y: vp.clientHeight / 2 };
  }

  return { act, find, wait_ready: waitReady, scroll_and_collect: scrollAndCollect };
}
