// A fill's or a type's text going into its field (lib/act/executor.js): the field takes focus,
// the caret is placed by keys as a person places it (Control+A to type over the value, Delete
// to leave it empty, End to append), then the text goes in: one Input.insertText where no
// script can tell it from typing (fast path fill_insert_text, fill_rule.js), else key by key.
//
// The round trips: the fill rule's reads and the check that the tab still holds the act's
// document (lib/act/run.js) go out beside the focus, the rule's listener read once its objects
// are known, and the caret's keys and the inserted text back to back after that check, in one
// batch (the browser hands Input events to the renderer in the order sent, each handled before
// the next). Typing key by key checks the document before every key, as before.

import { ACT_LIMITS } from '../generated/contract.js';
import { fillRule } from './fill_rule.js';
import { chordEvents, sendInput, typeText } from './input.js';

/** The keys that place the caret before the text: over the whole value (`replace`, and Delete
 * after them when the value is to be left empty), else at its end. */
function caretKeys(node, replace, empty) {
  if (!replace) return chordEvents(node.facts.tag === 'input' ? 'End' : 'Control+End');
  return empty ? [...chordEvents('Control+A'), ...chordEvents('Delete')] : chordEvents('Control+A');
}

/** Put `value` into the field `node` (facts read): {method, typed_by?}. `replace`: a fill (the
 * value typed over), else a type (appended); `fast`: the act may take fast paths. */
export async function fillText(session, node, value, replace, fast) {
  // which way the text goes in (fill_rule.js: reads only), asked while the field takes focus
  const rule = value && value.length <= ACT_LIMITS.TYPED_KEYS_MAX ? fillRule(session, node, value, fast) : null;
  const focused = session.send('DOM.focus', { backendNodeId: node.backendNodeId }, node.frame.sessionId);
  // the document check the keys go after, sent right behind the focus (the renderer answers
  // in order: it reads the frame tree once the focus and its handlers ran) and answered
  // beside the rule's listener read
  const checked = session.checkDocument?.() ?? null;
  checked?.catch(() => {}); // (its refusal is taken by the keys)
  await focused;
  const keys = caretKeys(node, replace, !value);
  if (!value) {
    await sendInput(session, keys, checked);
    return { method: 'keyboard' };
  }
  // Long text goes in at once, as a paste does: key by key it would take seconds a
  // thousand characters (and keep a page busy that long).
  const how = rule ? await rule : { insert: true, rule: 'long_text' };
  if (how.insert) {
    await sendInput(session, [...keys, ['Input.insertText', { text: value }]], checked);
    return { method: 'insert_text', typed_by: how.rule };
  }
  await sendInput(session, keys, checked);
  await typeText(session, value);
  return { method: 'keyboard', typed_by: how.rule };
}
