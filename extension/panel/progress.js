// What the spinner says: the stage each part of a run is in, and how long each stage took.
// Fed with the service worker's {stage, state:'start'|'end', ms} progress events.

export const STAGE_LABELS = Object.freeze({
  attach: 'Attaching', stabilize: 'Stabilizing', capture: 'Capturing', process: 'Processing',
});

/** A fresh progress model for the parts of a run ([{part, label}]). */
export function startProgress(parts) {
  return { parts: parts.map(({ part, label }) => ({ part, label, stages: [], done: false })), current: 0 };
}

/** Record one event of part `index`; returns the same model. */
export function applyEvent(progress, index, event) {
  const part = progress.parts[index];
  if (!part || !STAGE_LABELS[event?.stage]) return progress;
  progress.current = index;
  let entry = part.stages.find((s) => s.stage === event.stage);
  if (!entry) {
    entry = { stage: event.stage, label: STAGE_LABELS[event.stage], ms: null, running: true };
    part.stages.push(entry);
  }
  if (event.state === 'end') {
    entry.running = false;
    entry.ms = typeof event.ms === 'number' ? event.ms : null;
  } else if (event.state === 'progress' && Number.isInteger(event.nodes)) {
    // a whole-page read: its AX nodes go to the host in parts as they arrive
    entry.detail = `${event.nodes.toLocaleString('en-US')} AX nodes in ${event.parts} part${event.parts === 1 ? '' : 's'} to the host`;
  }
  return progress;
}

export function finishPart(progress, index) {
  if (progress.parts[index]) progress.parts[index].done = true;
  return progress;
}

/** One line for the live status: "Capturing… — DOM text (2 of 3)". */
export function headline(progress) {
  const part = progress.parts[progress.current];
  if (!part) return 'Starting…';
  const running = [...part.stages].reverse().find((s) => s.running);
  const what = running ? `${running.label}…${running.detail ? ` ${running.detail}` : ''}` : 'Starting…';
  const of = progress.parts.length > 1 ? ` (${progress.current + 1} of ${progress.parts.length})` : '';
  return `${what} — ${part.label}${of}`;
}

/**
 * One row per started part: {part, running, text} with text like
 * "Stabilizing 512 ms · Capturing 80 ms · Processing…" (attaching is folded into capturing
 * when it is quick, which it nearly always is).
 */
export function stageRows(progress) {
  const rows = [];
  for (const part of progress.parts) {
    if (!part.stages.length) continue;
    const words = part.stages.map((s) => {
      const said = s.running ? `${s.label}…` : `${s.label} ${s.ms === null ? '' : `${Math.round(s.ms)} ms`}`.trim();
      return s.detail ? `${said} (${s.detail})` : said;
    });
    rows.push({ part: part.label, running: part.stages.some((s) => s.running), text: words.join(' · ') });
  }
  return rows;
}
