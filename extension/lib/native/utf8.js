// UTF-8 sizes: native messaging limits are in bytes, JavaScript strings count UTF-16 units.

const encoder = new TextEncoder();

/** UTF-8 byte length of a string: the bytes TextEncoder writes for it (a lone surrogate as
 * U+FFFD, three bytes). One native pass: a loop over the characters in JavaScript took
 * 43-241 ms of the worker on a whole-page read's 6.5 MB request and 2.6 MB reply at load
 * 5-18 (bench/results/whole_page_wire19.md, design note 92). The encoded copy is let go at
 * once. */
export function utf8Length(text) {
  return encoder.encode(text).byteLength;
}
