// The host's own JSON text of a large reply's result, handed on to the Python client as it came.
//
// A whole-page reply arrives as chunk frames whose pieces join into the host's JSON text; the
// worker parses it (the router reads host_ms and stats, the answer cache keeps the result).
// The Python client's way in (background.js `axsnapWorker.send`) answers JSON text, and
// JSON.stringify of that result again cost 465 ms on the 100k bench page
// (bench/results/walk_profile.md): the text the host wrote is put in its place instead.
// The text rides on the router's reply under a symbol (no JSON, no message copy carries it),
// so it lives as long as that one reply; a reply whose result was copied or changed has none.

export const RESULT_TEXT = Symbol('axsnap.resultText');

/**
 * The text of `message.result` inside `text`, the whole JSON text `message` was parsed from,
 * or null when it cannot be told exactly: the host writes `{"v":..,"id":..,"ok":true,
 * "type":"result","result":<result>}` (native/replies.py ok_reply), so the result's text is
 * what follows that head, less the closing brace.
 */
export function resultTextOf(message, text) {
  if (typeof text !== 'string' || message?.ok !== true || message.type !== 'result') return null;
  const result = message.result;
  if (!result || typeof result !== 'object' || Array.isArray(result)) return null;
  const head = `{"v":${JSON.stringify(message.v)},"id":${JSON.stringify(message.id)},"ok":true,"type":"result","result":{`;
  if (!text.startsWith(head) || !text.endsWith('}}')) return null;
  return text.slice(head.length - 1, -1);
}

/** `reply` with its result's text riding along (when it is known). */
export function withResultText(reply, text) {
  if (typeof text === 'string') reply[RESULT_TEXT] = text;
  return reply;
}

/**
 * `JSON.stringify(reply)`, with the result's known text put in place of stringifying the
 * result: the same keys in the same order; the values equal once parsed.
 */
export function replyJson(reply) {
  const text = reply?.[RESULT_TEXT];
  if (typeof text !== 'string' || !reply.result || typeof reply.result !== 'object') return JSON.stringify(reply);
  const parts = [];
  for (const key of Object.keys(reply)) {
    const value = key === 'result' ? text : JSON.stringify(reply[key]);
    if (value !== undefined) parts.push(`${JSON.stringify(key)}:${value}`);
  }
  return `{${parts.join(',')}}`;
}
