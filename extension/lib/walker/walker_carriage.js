// A whole walk's carriage split into its parts (design note 226): the injection, the walk, its
// JSON text in the page, the text's trip to this worker, its parse here. For the capture's steps
// only (ax_window.js walkerSteps): neither the walk's text nor its parsed output holds them, so
// no reply does (the walker's `stats` reach DOM text's result.stats.walker).

// the parts, by the top frame's parsed output
const carriages = new WeakMap();

const round = (ms) => Math.round(ms * 10) / 10;

/** A clock the page shares (src/walk.js epochMs): the time origin and the monotonic clock since,
 * in ms; the processes agree on it to a millisecond or so (note 163). */
export const epochMs = () => performance.timeOrigin + performance.now();

/** The parts of the carriage of the walk whose output is `out`, ms: {inject (the worker's
 * executeScript to the walk's start in the page), walk, json (its text written in the page),
 * trip (the text from the page to the worker), parse (the worker's JSON.parse)}; null when
 * not known (a walk in a kept world). */
export function walkCarriage(out) {
  return (out && carriages.get(out)) ?? null;
}

/** The parts from the worker's clock at the call (`sent`) and at its answer (`came`), the
 * page's `[started, walked, written]` and the parse's ms. */
export function carriageParts(sent, stamps, came, parseMs) {
  const [started, walked, written] = stamps;
  return {
    inject: round(started - sent), walk: round(walked - started), json: round(written - walked),
    trip: round(came - written), parse: round(parseMs),
  };
}

/** Each frame's result of chrome.scripting parsed in place where it came as JSON text, or with
 * opts.carry as [text, the page's clock at three points] (src/walk.js); the top frame's parts
 * kept beside its output (walkCarriage). `sent`, `came`: epochMs at the call and its answer. */
export function parseCarried(results, sent, came) {
  for (const r of results ?? []) {
    const carried = Array.isArray(r?.result) && typeof r.result[0] === 'string' && Array.isArray(r.result[1])
      ? r.result : null;
    const text = carried ? carried[0] : r?.result;
    if (typeof text !== 'string') continue;
    const t0 = performance.now();
    r.result = JSON.parse(text);
    if (carried && r.frameId === 0 && r.result && typeof r.result === 'object' && carried[1].length === 3) {
      carriages.set(r.result, carriageParts(sent, carried[1], came, performance.now() - t0));
    }
  }
}
