// A fill's or a type's text going into its field (lib/act/executor.js): the field takes focus,
// the caret is placed by keys as a person places it (Control+A to type over the value, Delete
// to leave it empty, End to append), then the text goes in: one Input.insertText where no
// script can tell it from typing (fast path fill_insert_text, fill_rule.js), else key by key.
//
// The round trips: the focus, then right behind it the check that the tab still holds the act's
// document (lib/act/run.js) and the fill rule's reads (fill_rule.js: the field's event path and the
// listeners of the top document and window, read off their main-world objects), then the
// caret's keys and the inserted text back to back after that check, in one batch (the browser
// hands Input events to the renderer in the order sent, each handled before the next). The
// rule's objects are asked at the act's lookup (route.js), so the fill is two round trips; asked
// here, three. Typing key by key checks the document before every key, as before.

import { ACT_LIMITS } from '../generated/contract.js';
import { fillRule } from './fill_rule.js';
import { chordEvents, chordKeyEvents, sendInput, typeText } from './input.js';

/** The keys that place the caret before the text: over the whole value (`replace`, and Delete
 * after them when the value is to be left empty), else at its end. `unseen`: no script on the
 * field's event path sees keys (the text goes in at once, fill_rule.js): the chord's key alone,
 * its modifiers in its mask (input.js chordKeyEvents: two key events, not four). */
function caretKeys(node, replace, empty, unseen = false) {
  const chord = unseen ? chordKeyEvents : chordEvents;
  if (!replace) return chord(node.facts.tag === 'input' ? 'End' : 'Control+End');
  return empty ? [...chordEvents('Control+A'), ...chordEvents('Delete')] : chord('Control+A');
}

/** Put `value` into the field `node` (facts read): {method, typed_by?}. `replace`: a fill (the
 * value typed over), else a type (appended); `fast`: the act may take fast paths; `ruleObjects`:
 * the fill rule's objects asked at the act's lookup (fill_rule.js askRuleObjects). */
export async function fillText(session, node, value, replace, fast, ruleObjects = null) {
  const focused = session.send('DOM.focus', { backendNodeId: node.backendNodeId }, node.frame.sessionId);
  // the document check the keys go after and the rule's reads (which way the text goes in: reads
  // only), sent right behind the focus: the renderer answers in order, so they read the page once
  // the focus and its handlers ran
  const checked = session.checkDocument?.() ?? null;
  checked?.catch(() => {}); // (its refusal is taken by the keys)
  const rule = value && value.length <= ACT_LIMITS.TYPED_KEYS_MAX ? fillRule(session, node, value, fast, ruleObjects) : null;
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
    // nothing on the field's path sees keys: the modifiers' own key events would reach no one
    const unseen = how.rule === 'insert_text_no_listeners' ? caretKeys(node, replace, false, true) : keys;
    await sendInput(session, [...unseen, ['Input.insertText', { text: value }]], checked);
    return { method: 'insert_text', typed_by: how.rule };
  }
  await sendInput(session, keys, checked);
  await typeText(session, value);
  return { method: 'keyboard', typed_by: how.rule };
}
