// One act's life: its own deadline, the step it is on, and the stop every CDP command it
// sends goes through. Past the deadline (or once the tab navigated during input) the act's
// session refuses every further command, so no key, click or insertText reaches the page
// after the act gave up: a long fill cannot go on typing into the next page.

import { AxError } from '../common/errors.js';
import { ACT_LIMITS } from '../generated/contract.js';

/** The act's deadline: `timeout_ms` as given, else readiness's cap plus a margin. */
export function actTimeoutMs(options, ready) {
  const given = options?.timeout_ms;
  if (Number.isInteger(given)) return given;
  return ready.max_wait_ms + ACT_LIMITS.ACT_TIMEOUT_MARGIN_MS;
}

/** What a CDP command waits for, in words the reply can carry. */
function describeCommand(method, params) {
  const kind = params && typeof params.type === 'string' ? ` (${params.type})` : '';
  return `${method}${kind}`;
}

/**
 * Start the clock of one act. `run.session(session)` wraps a debugger session so every
 * command checks the stops first; `run.step(name)` names what the act does now;
 * `run.stop(error)` ends the act (deadline, dialog storm): every command is refused and
 * `run.ended` settles; `run.stopInput(error)` (a navigation) refuses input only (Input.*,
 * DOM.focus), so the act still reads the page it ended on.
 */
const TYPING = new Set(['Input.dispatchKeyEvent', 'Input.insertText', 'Input.imeSetComposition']);

/** A check that the tab's main frame still holds the document `loaderId` (for `run.sameDocument`). */
export function mainDocumentIs(loaderId) {
  return async (session) => {
    const tree = await session.send('Page.getFrameTree', {});
    return tree?.frameTree?.frame?.loaderId === loaderId;
  };
}

export function startRun(timeoutMs, { timers = globalThis } = {}) {
  let stopError = null;
  let inputError = null;
  let onEnd = () => {};
  const run = {
    timeoutMs,
    doing: 'starting',
    waitingFor: '',
    get stopped() { return stopError; },
    get inputStopped() { return inputError; },
    step(name) {
      run.doing = name;
      run.waitingFor = '';
      if (stopError) throw stopError;
    },
    stop(error) {
      if (stopError) return;
      stopError = error;
      timers.clearTimeout(timer);
      onEnd(error);
    },
    stopInput(error) {
      inputError = inputError ?? error;
    },
    /** The same session, its commands refused once the act stopped. */
    session(session) {
      const guarded = Object.create(session);
      guarded.send = async (method, params = {}, sessionId = undefined) => {
        if (stopError) throw stopError;
        if (inputError && (method.startsWith('Input.') || method === 'DOM.focus')) throw inputError;
        // A key is sent only into the document the act started on: the navigation event
        // reaches the worker late, so each key asks the main frame's document first.
        if (run.sameDocument && TYPING.has(method) && !(await run.sameDocument(session))) {
          run.stopInput(run.leftDocument());
          throw inputError;
        }
        const what = describeCommand(method, params);
        run.waitingFor = what;
        const answer = await session.send(method, params, sessionId);
        if (run.waitingFor === what) run.waitingFor = '';
        return answer;
      };
      /** The check that the main frame still holds the act's document, asked now (true when
       * the act has no document to hold): a batch of keys sent once something else is read
       * takes it as its check (sendInOrder's `checked`), one round trip fewer after the read. */
      /** A command that only takes back what the act put in its own world (a press watch's
       * listeners: press_watch.js), sent even once the act stopped. */
      guarded.undo = (method, params = {}, sessionId = undefined) => session.send(method, params, sessionId);
      guarded.checkDocument = () => (run.sameDocument ? run.sameDocument(session) : Promise.resolve(true));
      /** Commands sent one after the other without waiting between them (a key's down and
       * up: one round trip, not two), in order, after one check that the main frame still
       * holds the act's document (`checked`: that check, asked since the act's last input);
       * answers in order. */
      guarded.sendInOrder = async (commands, sessionId = undefined, { checked = null } = {}) => {
        const input = commands.some(([method]) => method.startsWith('Input.') || method === 'DOM.focus');
        if (stopError) throw stopError;
        if (inputError && input) throw inputError;
        if (run.sameDocument && commands.some(([method]) => TYPING.has(method))
          && !(await (checked ?? run.sameDocument(session)))) {
          run.stopInput(run.leftDocument());
          throw inputError;
        }
        if (stopError) throw stopError;
        if (inputError && input) throw inputError;
        const what = describeCommand(...commands[commands.length - 1]);
        run.waitingFor = what;
        const answers = await Promise.all(commands.map(([method, params]) => session.send(method, params, sessionId)));
        if (run.waitingFor === what) run.waitingFor = '';
        return answers;
      };
      return guarded;
    },
    ended: new Promise((resolve) => { onEnd = resolve; }),
    done() { timers.clearTimeout(timer); },
  };
  const timer = timers.setTimeout(() => {
    const waited = run.waitingFor ? `the page to answer ${run.waitingFor} during ${run.doing}` : run.doing;
    run.stop(new AxError('timeout',
      `The act did not finish within its deadline of ${timeoutMs} ms: it was waiting for ${waited}.`,
      run.waitingFor.startsWith('Input.')
        ? 'A page script the input started does not return. Read the page again later, or raise options.timeout_ms.'
        : 'Raise options.timeout_ms, or read the page to see where it stands.'));
  }, timeoutMs);
  return run;
}

/** The error a page that keeps opening dialogs stops the act with. */
export function dialogStorm(dialog, answered) {
  const err = new AxError('dialog_storm',
    `The page kept opening JavaScript dialogs: ${answered} were answered, the next (a ${dialog.type} `
    + `saying "${String(dialog.message).replace(/\s+/g, ' ').slice(0, 120)}") is left open and the act stopped.`,
    'The page opens dialogs without end: navigate away or close the tab; act with options.dialog answers the open one.');
  err.dialog = { type: dialog.type, message: String(dialog.message).slice(0, 500) };
  return err;
}

/** The error a navigation during input stops the act with. */
export function navigatedDuring(action) {
  return new AxError('page_navigated',
    `The tab navigated during the ${action}; the act stopped there and sent no more input.`,
    'Read the new page; repeat the action there if it is still wanted.');
}
