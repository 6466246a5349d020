// Real input through CDP: mouse events at a point, key events, text. Everything goes to the
// tab's own session in top-level viewport coordinates: the browser routes the event to the
// frame under the point (cross-site frames included), as it routes a person's input.

import { AxError } from '../common/errors.js';

export const MODIFIERS = Object.freeze({ Alt: 1, Control: 2, Meta: 4, Shift: 8 });
const MODIFIER_ALIASES = { ctrl: 'Control', control: 'Control', shift: 'Shift', alt: 'Alt', option: 'Alt',
  meta: 'Meta', cmd: 'Meta', command: 'Meta' };
const MODIFIER_CODES = { Alt: ['AltLeft', 18], Control: ['ControlLeft', 17], Meta: ['MetaLeft', 91], Shift: ['ShiftLeft', 16] };

// Named keys: [code, windowsVirtualKeyCode, text?]
const NAMED = {
  Enter: ['Enter', 13, '\r'], Tab: ['Tab', 9], Escape: ['Escape', 27], Backspace: ['Backspace', 8],
  Delete: ['Delete', 46], ArrowUp: ['ArrowUp', 38], ArrowDown: ['ArrowDown', 40], ArrowLeft: ['ArrowLeft', 37],
  ArrowRight: ['ArrowRight', 39], Home: ['Home', 36], End: ['End', 35], PageUp: ['PageUp', 33],
  PageDown: ['PageDown', 34], Insert: ['Insert', 45], ' ': ['Space', 32, ' '],
};
const ALIASES = { esc: 'Escape', return: 'Enter', space: ' ', spacebar: ' ', del: 'Delete', up: 'ArrowUp',
  down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight', pgup: 'PageUp', pgdn: 'PageDown' };
for (let i = 1; i <= 12; i++) NAMED[`F${i}`] = [`F${i}`, 111 + i];
const SHIFTED = { '!': '1', '@': '2', '#': '3', $: '4', '%': '5', '^': '6', '&': '7', '*': '8', '(': '9', ')': '0',
  _: '-', '+': '=', '{': '[', '}': ']', '|': '\\', ':': ';', '"': "'", '<': ',', '>': '.', '?': '/', '~': '`' };
const PUNCT = { '-': ['Minus', 189], '=': ['Equal', 187], '[': ['BracketLeft', 219], ']': ['BracketRight', 221],
  '\\': ['Backslash', 220], ';': ['Semicolon', 186], "'": ['Quote', 222], ',': ['Comma', 188], '.': ['Period', 190],
  '/': ['Slash', 191], '`': ['Backquote', 192] };

/** The key definition of one key name or character: {key, code, keyCode, text?, shift?}. */
export function keyDefinition(name) {
  const named = NAMED[name] ?? NAMED[ALIASES[String(name).toLowerCase()]];
  if (named) {
    const key = NAMED[name] ? name : ALIASES[String(name).toLowerCase()];
    return { key, code: named[0], keyCode: named[1], text: named[2] };
  }
  if ([...String(name)].length !== 1) return null;
  const ch = String(name);
  if (/[a-z]/.test(ch)) return { key: ch, code: `Key${ch.toUpperCase()}`, keyCode: ch.toUpperCase().charCodeAt(0), text: ch };
  if (/[A-Z]/.test(ch)) return { key: ch, code: `Key${ch}`, keyCode: ch.charCodeAt(0), text: ch, shift: true };
  if (/[0-9]/.test(ch)) return { key: ch, code: `Digit${ch}`, keyCode: ch.charCodeAt(0), text: ch };
  if (PUNCT[ch]) return { key: ch, code: PUNCT[ch][0], keyCode: PUNCT[ch][1], text: ch };
  if (SHIFTED[ch]) {
    const base = keyDefinition(SHIFTED[ch]);
    return { ...base, key: ch, text: ch, shift: true };
  }
  return null; // not on a US keyboard: typed with insertText
}

/** Parse "Control+Shift+K" / "Enter" / "a" → {modifiers: [names], key: definition}. */
export function parseChord(text) {
  const raw = String(text ?? '');
  const parts = raw === '+' ? ['+'] : raw.split('+').map((p) => p.trim());
  if (raw.endsWith('++')) parts.splice(-2, 2, '+');
  const modifiers = [];
  for (const part of parts.slice(0, -1)) {
    const mod = MODIFIER_ALIASES[part.toLowerCase()] ?? (MODIFIERS[part] ? part : null);
    if (!mod) throw new AxError('invalid_message', `unknown modifier ${JSON.stringify(part)} in ${JSON.stringify(raw)}`,
      'Use Control, Shift, Alt or Meta, e.g. "Control+A".');
    modifiers.push(mod);
  }
  let last = parts[parts.length - 1];
  // "Control+A" is Control with the A key: a capital only with Shift held
  if (/^[A-Z]$/.test(last) && modifiers.length && !modifiers.includes('Shift')) last = last.toLowerCase();
  const key = MODIFIERS[last] ? { key: last, code: MODIFIER_CODES[last][0], keyCode: MODIFIER_CODES[last][1] } : keyDefinition(last);
  if (!key) throw new AxError('invalid_message', `unknown key ${JSON.stringify(last)}`,
    'Name a key (Enter, Tab, Escape, ArrowDown, F5, a single character) or a chord like "Control+A".');
  return { modifiers, key };
}

const bits = (mods) => mods.reduce((acc, m) => acc | MODIFIERS[m], 0);

function keyParams(type, def, modifiers, withText = true) {
  const params = {
    type, key: def.key, code: def.code, windowsVirtualKeyCode: def.keyCode, nativeVirtualKeyCode: def.keyCode,
    modifiers,
  };
  if (type === 'keyDown' && withText && def.text) {
    params.text = def.text;
    params.unmodifiedText = def.text;
  }
  return params;
}

/** One key press: down and up. An act's session sends both at once, in order, after one check
 * of the document (lib/act/run.js sendInOrder): the up is queued behind the down in the
 * renderer, before anything the down sets going (a navigation) can take the page away. */
async function keyPress(session, def, modifiers) {
  const down = keyParams('keyDown', def, modifiers);
  const up = keyParams('keyUp', def, modifiers);
  if (session.sendInOrder) {
    await session.sendInOrder([['Input.dispatchKeyEvent', down], ['Input.dispatchKeyEvent', up]]);
    return;
  }
  await session.send('Input.dispatchKeyEvent', down);
  await session.send('Input.dispatchKeyEvent', up);
}

/** The key events of one chord ("Enter", "Control+A"): modifiers down, key down/up, modifiers
 * up, as [method, params] pairs for an act's session's sendInOrder. */
export function chordEvents(chord) {
  const { modifiers, key } = typeof chord === 'string' ? parseChord(chord) : chord;
  const events = [];
  const held = [];
  for (const mod of modifiers) {
    held.push(mod);
    const [code, keyCode] = MODIFIER_CODES[mod];
    events.push(keyParams('rawKeyDown', { key: mod, code, keyCode }, bits(held)));
  }
  const mask = bits(held);
  // With Control/Alt/Meta held a key types nothing: a raw key down, as a keyboard gives.
  const types = (mask & ~MODIFIERS.Shift) === 0 && key.text ? 'keyDown' : 'rawKeyDown';
  events.push(keyParams(types, key, mask));
  events.push(keyParams('keyUp', key, mask));
  for (const mod of held.reverse()) {
    const [code, keyCode] = MODIFIER_CODES[mod];
    events.push(keyParams('keyUp', { key: mod, code, keyCode }, bits(held.slice(0, held.indexOf(mod)))));
  }
  return events.map((params) => ['Input.dispatchKeyEvent', params]);
}

/** The key down and up of one chord with its modifiers held in their mask, without the
 * modifiers' own key events ("Control+A": the A key's, Control's bit set): what the browser's
 * editing acts on. Only where no script can see a key (fill.js, a text inserted at once: no key
 * listener on the field's event path, fill_rule.js), where the modifiers' events would reach
 * no one. */
export function chordKeyEvents(chord) {
  const { modifiers, key } = parseChord(chord);
  const mask = bits(modifiers);
  const type = (mask & ~MODIFIERS.Shift) === 0 && key.text ? 'keyDown' : 'rawKeyDown';
  return [keyParams(type, key, mask), keyParams('keyUp', key, mask)].map((params) => ['Input.dispatchKeyEvent', params]);
}

/** Input commands ([method, params] pairs) sent back to back after one document check on an
 * act's session (lib/act/run.js sendInOrder; `checked`: that check, asked already), one by one
 * on a plain session. */
export async function sendInput(session, commands, checked = null) {
  if (session.sendInOrder) {
    await session.sendInOrder(commands, undefined, checked ? { checked } : {});
    return;
  }
  for (const [method, params] of commands) await session.send(method, params);
}

/** Press one chord ("Enter", "Control+A"): its key events back to back after one document
 * check on an act's session, as a key press (keyPress). */
export async function pressChord(session, chord) {
  await sendInput(session, chordEvents(chord));
}

/** Type text as key presses (US keyboard characters) or insertText (anything else). */
export async function typeText(session, text) {
  for (const ch of String(text)) {
    const def = ch === '\n' ? keyDefinition('Enter') : keyDefinition(ch);
    if (!def) {
      await session.send('Input.insertText', { text: ch });
      continue;
    }
    await keyPress(session, def, def.shift ? MODIFIERS.Shift : 0);
  }
}

// -- mouse ---------------------------------------------------------------------------------

async function mouse(session, type, point, extra = {}) {
  await session.send('Input.dispatchMouseEvent', { type, x: point.x, y: point.y, ...extra });
}

export async function moveTo(session, point) {
  await mouse(session, 'mouseMoved', point, { button: 'none' });
}

/** A click at `point`: move, then press/release `count` times (2 = a double click); with
 * `beforePress`, the move is sent alone and awaited, then `beforePress()` (it throws to stop
 * before any press), then the presses. An act's
 * session sends the events back to back (lib/act/run.js sendInOrder: one round trip, not
 * three): the browser hands them to the renderer in the order sent, and the renderer runs
 * each one's handlers before the next one's, as when each waits for its answer. */
export async function clickAt(session, point, { button = 'left', count = 1, beforePress = null } = {}) {
  const buttons = { left: 1, right: 2, middle: 4 }[button] ?? 1;
  const at = { x: point.x, y: point.y };
  const events = [{ type: 'mouseMoved', ...at, button: 'none' }];
  for (let n = 1; n <= count; n++) {
    events.push({ type: 'mousePressed', ...at, button, buttons, clickCount: n },
      { type: 'mouseReleased', ...at, button, buttons: 0, clickCount: n });
  }
  // `beforePress`: the move alone first, then that check (press_check.js), then the presses
  const parts = beforePress ? [events.slice(0, 1), events.slice(1)] : [events];
  for (const [i, part] of parts.entries()) {
    if (i > 0) await beforePress();
    if (session.sendInOrder) await session.sendInOrder(part.map((params) => ['Input.dispatchMouseEvent', params]));
    else for (const params of part) await session.send('Input.dispatchMouseEvent', params);
  }
}

/** Press at `from`, move in steps to `to`, release there. */
export async function dragFromTo(session, from, to, steps = 8) {
  await moveTo(session, from);
  await mouse(session, 'mousePressed', from, { button: 'left', buttons: 1, clickCount: 1 });
  for (let i = 1; i <= steps; i++) {
    const p = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await mouse(session, 'mouseMoved', p, { button: 'left', buttons: 1 });
  }
  await mouse(session, 'mouseReleased', to, { button: 'left', buttons: 0, clickCount: 1 });
}

/** A mouse-wheel turn at `point` (positive deltaY scrolls down). */
export async function wheelAt(session, point, deltaY, deltaX = 0) {
  await mouse(session, 'mouseWheel', point, { deltaX, deltaY });
}
