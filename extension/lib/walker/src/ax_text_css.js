// The CSS side of ax_text.js: what hides an element from a name, generated content, and
// text-transform.

/** Whether an element's own style (or attributes) leaves it and its content out of a name. */
export function isHiddenStyle(el, cs) {
  if (el.hidden || el.getAttribute('aria-hidden') === 'true') return true;
  return cs.display === 'none' || cs.visibility === 'hidden' || cs.visibility === 'collapse';
}

/** The text of the computed `content` value of one of `el`'s generated boxes. */
export function contentValueText(el, value) {
  let content = value;
  let out = '';
  content = content.replace(/url\((?:"(?:[^"\\]|\\.)*"|[^)]*)\)/g, '');
  const parts = /"((?:[^"\\]|\\.)*)"|attr\(\s*([\w-]+)\s*\)|\/.*$/g;
  let m;
  while ((m = parts.exec(content))) {
    if (m[0].startsWith('/')) break;  // "/ alt text": the alternative is not read here
    if (m[1] !== undefined) out += m[1].replace(/\\(.)/g, '$1');
    else if (m[2]) out += el.getAttribute(m[2]) || '';
  }
  return out;
}

/** `text` as text-transform shows it (`w`: the writer, to know whether a word starts). */
export function transformText(text, transform, w) {
  if (!transform || transform === 'none') return text;
  if (transform === 'uppercase') return text.toUpperCase();
  if (transform === 'lowercase') return text.toLowerCase();
  if (transform === 'capitalize') {
    const startsWord = !w.out || /\s$/.test(w.out);
    return text.replace(/(^|\s)(\S)/g, (all, space, ch, at) => (
      at === 0 && !space && !startsWord ? all : space + ch.toUpperCase()));
  }
  return text;
}
