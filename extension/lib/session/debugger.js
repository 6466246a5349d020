// One chrome.debugger attachment per tab, shared by concurrent requests (reference counted)
// and kept after the last one lets go, so that an agent reading after every step pays the
// attach once (and Chrome's "started debugging this browser" bar stays up for the burst
// instead of showing and hiding, reflowing the page, on every read). A request holds its tab
// (hold) from the moment it names it until its reply: the idle time counts from the reply,
// never from the capture, and nothing is detached while a read or act on the tab runs
// (design note 137: a read whose host share passed the idle lost Chromium's accessibility
// tree, 0.7-3.4 s to build again on rustdoc pages, and its kept contexts).

import { AxError } from '../common/errors.js';

export const CDP_VERSION = '1.3';

// Chrome's refusal to attach. Despite its words it comes only when THIS extension already
// holds a session on the target (debugger_api.cc: FindClientHost matches the extension id):
// DevTools and other extensions attach beside axsnap (Chromium 156, tests/e2e).
const ALREADY_ATTACHED = /another debugger is already attached/i;

// How long an attachment nobody uses is kept before it is detached, after a person's one-off
// request (the side panel's "Snapshot this tab"). Short: while it is kept the infobar stays
// up, the CDP domains the reads enabled (Network) keep sending events, and the page runs with
// Chromium's accessibility on (note 137 measured what that costs the page's own work).
export const IDLE_DETACH_MS = 10_000;
// ... after an agent's request (the Python client, an allow-listed extension, axsnap serve /
// MCP): an agent thinks between its reads, often longer than 10 s, and each re-attach
// rebuilds the accessibility tree of a page with custom elements (note 137).
export const AGENT_IDLE_DETACH_MS = 120_000;
// The chrome.storage.session key of the agents' idle time when set (ms, for this browser
// session): the bridge page sets it (bridge.js setAgentIdle), so a test waits no two minutes.
export const AGENT_IDLE_KEY = 'agentIdleMs';

/** Map a chrome.debugger error text to a structured error. */
export function mapDebuggerError(text, tabId) {
  const message = String(text || 'chrome.debugger failed');
  if (ALREADY_ATTACHED.test(message)) {
    return new AxError('debugger_busy',
      `Tab ${tabId} is held by another debugging session of axsnap itself (an axsnap page, or a `
      + 'stopped service worker\'s), and freeing it failed.',
      'Reload axsnap in chrome://extensions, then retry. DevTools and other debugging extensions '
      + 'do not block axsnap.');
  }
  if (/no tab with (given )?id|no target with given id|tab was closed|target closed/i.test(message)) {
    return new AxError('tab_not_found', `Tab ${tabId} does not exist (or was closed).`,
      'Pick an open tab and retry.');
  }
  if (/cannot access|cannot attach to this target|chrome:\/\/|chrome-extension:\/\/|is not allowed/i
    .test(message)) {
    return new AxError('restricted_page', `This page cannot be captured: ${message}`,
      'Open a regular web page (http, https or file) in the tab and try again.');
  }
  return new AxError('capture_failed', message, 'Retry; if it keeps failing, reload the tab.');
}

function detachedError(tabId, reason) {
  if (reason === 'target_closed') {
    return new AxError('tab_not_found', `Tab ${tabId} was closed during the capture.`, 'Pick an open tab and retry.');
  }
  if (reason === 'canceled_by_user') {
    return new AxError('capture_failed', 'The debugging session was cancelled from the browser\'s infobar.',
      'Keep the "started debugging this browser" bar open while a snapshot runs, then retry.');
  }
  return new AxError('capture_failed', `The debugger detached from tab ${tabId} (${reason || 'unknown reason'}).`,
    'Retry the snapshot.');
}

/** A handle on a shared attachment: send commands, listen to events, release when done. */
class Session {
  constructor(manager, tabId, attachment) {
    this.manager = manager;
    this.tabId = tabId;
    this.attachment = attachment;
    this.released = false;
    this.ownListeners = new Set();
    this.uses = attachment.uses; // 1: this request attached; more: it joined a lingering attachment
  }

  /** Send a CDP command to the tab, or to a child session (an out-of-process iframe). */
  async send(method, params = {}, sessionId = undefined) {
    const att = this.attachment;
    if (att.detached) throw detachedError(this.tabId, att.detachReason);
    const target = sessionId ? { tabId: this.tabId, sessionId } : { tabId: this.tabId };
    try {
      const answer = await this.manager.api.sendCommand(target, method, params);
      att.answeredAt = Date.now(); // the page answers (act/blocked.js: is it blocked?)
      return answer;
    } catch (e) {
      if (att.detached) throw detachedError(this.tabId, att.detachReason);
      const text = e?.message ?? String(e);
      if (/not attached/i.test(text)) throw detachedError(this.tabId, 'not attached');
      const err = mapDebuggerError(text, this.tabId);
      if (err.code === 'capture_failed') err.message = `${method}: ${text}`;
      throw err;
    }
  }

  /** Listen to CDP events of this tab; returns an unsubscribe function. */
  onEvent(listener) {
    this.attachment.listeners.add(listener);
    this.ownListeners.add(listener);
    return () => {
      this.attachment.listeners.delete(listener);
      this.ownListeners.delete(listener);
    };
  }

  /** Auto-attached child sessions whose parent is `parentSessionId` (undefined = the tab). */
  childSessions(parentSessionId = undefined) {
    const out = [];
    for (const [sessionId, child] of this.attachment.children) {
      if (child.parentSessionId === parentSessionId) out.push({ sessionId, ...child });
    }
    return out;
  }

  /**
   * `${domain}.enable` shared by concurrent users of the attachment; returns a release. The
   * last release disables it, unless `keep`: then it stays enabled while the attachment is
   * kept (the next read skips the enable) and goes with the detach.
   */
  async useDomain(domain, params = {}, { keep = false } = {}) {
    const att = this.attachment;
    const state = att.domains.get(domain) ?? { users: 0, ready: null };
    att.domains.set(domain, state);
    state.users += 1;
    try {
      if (!state.ready) {
        state.ready = this.send(`${domain}.enable`, params).catch((e) => {
          state.ready = null;
          throw e;
        });
      }
      await state.ready;
    } catch (e) {
      state.users -= 1;
      throw e;
    }
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      state.users -= 1;
      if (state.users > 0 || keep || att.detached) return;
      state.ready = null;
      await this.send(`${domain}.disable`).catch(() => {});
    };
  }

  /** Network events (requests in flight); kept enabled with a lingering attachment. */
  useNetwork() {
    return this.useDomain('Network', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 },
      { keep: this.manager.keepsSessions });
  }

  /** Page events (JavaScript dialogs): disabled again by the last user, so a dialog the page
   * opens while the attachment idles is the person's, not left to a handler that is gone. */
  usePage() {
    return this.useDomain('Page');
  }

  get detached() {
    return this.attachment.detached;
  }

  release() {
    if (this.released) return;
    this.released = true;
    for (const l of this.ownListeners) this.attachment.listeners.delete(l);
    this.manager.releaseAttachment(this.tabId, this.attachment);
  }
}

export class DebuggerManager {
  /** `idleMs`: how long an unused attachment is kept (0: detach at the last release);
   * `agentIdleMs`: the same once an agent's request held the tab (hold);
   * `timers`: {setTimeout, clearTimeout} (tests). */
  constructor(api, { idleMs = IDLE_DETACH_MS, agentIdleMs = AGENT_IDLE_DETACH_MS, timers = globalThis } = {}) {
    this.api = api; // chrome.debugger (promise-returning MV3 API)
    this.idleMs = idleMs;
    this.agentIdleMs = agentIdleMs;
    this.timers = timers;
    this.holds = new Map(); // tabId -> requests in flight on the tab (hold)
    this.attachments = new Map(); // tabId -> {refs, ready, detached, detachReason, listeners}
    this.detaching = new Map(); // tabId -> promise of a detach in flight
    this.reclaiming = Promise.resolve([]); // reclaimOrphans() in flight
  }

  /** Attach (or join the attachment) to `tabId`; resolves with a Session. */
  async acquire(tabId) {
    await this.reclaiming; // a new worker first frees what its predecessor left attached
    let att = this.attachments.get(tabId);
    if (att && !att.detached) this.stopIdle(att); // a lingering attachment: used again
    if (!att || att.detached) {
      att = {
        refs: 0, uses: 0, detached: false, detachReason: '', listeners: new Set(),
        children: new Map(), // child sessionId -> {parentSessionId, targetInfo} (auto-attached)
        domains: new Map(), // CDP domain -> {users, ready} (useDomain)
        idleTimer: null, agent: false, // agent: an agent's request held it (hold)
      };
      const previousDetach = this.detaching.get(tabId) ?? Promise.resolve();
      att.ready = previousDetach.then(() => this.attachOwn(tabId)).catch((e) => {
        if (this.attachments.get(tabId) === att) this.attachments.delete(tabId);
        att.detached = true;
        throw e instanceof AxError ? e : mapDebuggerError(e?.message ?? String(e), tabId);
      });
      this.attachments.set(tabId, att);
    }
    att.refs += 1;
    att.uses += 1;
    try {
      await att.ready;
    } catch (e) {
      att.refs -= 1;
      throw e;
    }
    if (att.detached) {
      att.refs -= 1;
      throw detachedError(tabId, att.detachReason);
    }
    att.live = true;
    return new Session(this, tabId, att);
  }

  /**
   * The attachment of `tabId` joined if a read made it and it is still kept or held
   * (lib/reuse/prepare.js), else null: nothing attaches for it. Not counted as a use:
   * `session_uses` counts reads.
   */
  joinLingering(tabId) {
    const att = this.attachments.get(tabId);
    if (!att || att.detached || !att.live) return null;
    this.stopIdle(att);
    att.refs += 1;
    return new Session(this, tabId, att);
  }

  /**
   * Attach to `tabId`. Chrome refuses only when this extension already holds a session on the
   * tab; this worker holds none there (acquire joins its own), so that session is an orphan
   * (a stopped worker's, one the start-up reclaim missed, or an axsnap page's): it is
   * detached and the attach tried once more. A second refusal is debugger_busy.
   */
  async attachOwn(tabId) {
    try {
      await this.api.attach({ tabId }, CDP_VERSION);
    } catch (e) {
      if (!ALREADY_ATTACHED.test(e?.message ?? String(e))) throw e;
      await Promise.resolve(this.api.detach({ tabId })).catch(() => {});
      await this.api.attach({ tabId }, CDP_VERSION);
    }
  }

  /**
   * On worker start: detach every tab session this extension still holds but this worker
   * did not make (orphans of a worker that was stopped mid-capture: Chrome keeps them, and
   * the tab would stay attached, with CDP domains enabled, until this extension attaches
   * again). chrome.debugger.detach succeeds only for this extension's own sessions: DevTools
   * and other extensions keep theirs. Acquires wait for it. Returns the tab ids reclaimed.
   */
  reclaimOrphans() {
    this.reclaiming = this.reclaimNow().catch(() => []);
    return this.reclaiming;
  }

  async reclaimNow() {
    const targets = await Promise.resolve(this.api.getTargets?.() ?? []).catch(() => []);
    const candidates = targets.filter((t) => t?.attached && typeof t.tabId === 'number'
      && !this.attachments.has(t.tabId) && !this.detaching.has(t.tabId));
    const reclaimed = [];
    await Promise.all(candidates.map(async ({ tabId }) => {
      const done = Promise.resolve(this.api.detach({ tabId })).then(() => reclaimed.push(tabId), () => {});
      this.detaching.set(tabId, done);
      await done;
      if (this.detaching.get(tabId) === done) this.detaching.delete(tabId);
    }));
    return reclaimed.sort((a, b) => a - b);
  }

  /** Whether attachments are kept after their last release (for IDLE_DETACH_MS). */
  get keepsSessions() {
    return this.idleMs > 0;
  }

  /**
   * A request on `tabId` runs (the router, from naming the tab to its reply): its attachment,
   * made before or after, is not detached meanwhile, and its idle time counts from the end of
   * the last request holding it. `agent`: an agent's request (the attachment then idles
   * agentIdleMs). Returns the end of the hold (twice is harmless).
   */
  hold(tabId, { agent = false } = {}) {
    this.holds.set(tabId, (this.holds.get(tabId) ?? 0) + 1);
    const kept = this.attachments.get(tabId);
    if (kept && !kept.detached) this.stopIdle(kept); // a kept attachment: this request uses it
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = this.holds.get(tabId) - 1;
      if (left > 0) this.holds.set(tabId, left);
      else this.holds.delete(tabId);
      const att = this.attachments.get(tabId);
      if (!att || att.detached) return;
      if (agent) att.agent = true; // an agent drives the tab: the longer idle, while it is attached
      if (left === 0 && att.refs === 0) this.idle(tabId, att);
    };
  }

  /** The agents' idle time from now on; attachments idling at the old one count it anew. */
  setAgentIdle(ms) {
    this.agentIdleMs = ms;
    for (const [tabId, att] of this.attachments) {
      if (att.agent && att.idleTimer !== null) this.idle(tabId, att);
    }
  }

  stopIdle(att) {
    if (att.idleTimer === null) return;
    this.timers.clearTimeout(att.idleTimer);
    att.idleTimer = null;
  }

  releaseAttachment(tabId, att) {
    att.refs -= 1;
    if (att.refs > 0 || att.detached || this.holds.has(tabId)) return; // a request still runs
    this.idle(tabId, att);
  }

  /** Nobody uses `att` and no request holds its tab: kept for its idle time, then detached. */
  idle(tabId, att) {
    this.stopIdle(att);
    if (!this.keepsSessions) {
      this.detachNow(tabId, att, 'released');
      return;
    }
    att.idleTimer = this.timers.setTimeout(() => {
      att.idleTimer = null;
      if (att.refs === 0 && !att.detached && !this.holds.has(tabId)) this.detachNow(tabId, att, 'idle');
    }, att.agent ? this.agentIdleMs : this.idleMs);
  }

  /** Detach `att` from `tabId` now (the last release, or the idle time ran out). */
  detachNow(tabId, att, reason) {
    att.detached = true;
    att.detachReason = reason;
    if (this.attachments.get(tabId) === att) this.attachments.delete(tabId);
    const done = Promise.resolve(this.api.detach({ tabId })).catch(() => {}).finally(() => {
      if (this.detaching.get(tabId) === done) this.detaching.delete(tabId);
    });
    this.detaching.set(tabId, done);
  }

  /** chrome.debugger.onDetach: the tab closed, the user cancelled, or another client took over. */
  handleDetach(source, reason) {
    const att = this.attachments.get(source?.tabId);
    if (!att) return;
    this.stopIdle(att);
    att.detached = true;
    att.detachReason = reason;
    this.attachments.delete(source.tabId);
  }

  /** chrome.debugger.onEvent: fan out to the sessions listening on that tab. */
  handleEvent(source, method, params) {
    const att = this.attachments.get(source?.tabId);
    if (!att) return;
    if (method === 'Target.attachedToTarget' && params?.sessionId) {
      att.children.set(params.sessionId, { parentSessionId: source.sessionId, targetInfo: params.targetInfo ?? {} });
    } else if (method === 'Target.detachedFromTarget' && params?.sessionId) {
      att.children.delete(params.sessionId);
    }
    for (const listener of att.listeners) {
      try {
        listener(method, params ?? {}, source);
      } catch {
        // a listener's bug must not break the others
      }
    }
  }
}
