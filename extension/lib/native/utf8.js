// UTF-8 sizes: native messaging limits are in bytes, JavaScript strings count UTF-16 units.

// A run of ASCII characters: one byte each. The regular expression engine passes over them
// natively; what is left (the other characters, a space for each run between them) is counted
// here. Measured in the service worker on a whole-page read's 6.5 MB request (CPU ms, 7 by
// turns, load 9): a loop over every character 12-47 (median 31), this 5-19 (median 10);
// TextEncoder's encode (copies the text twice in Blink) 49-114 (design note 92).
const ASCII_RUNS = /[\u0000-\u007f]+/g;

/** The UTF-8 bytes of the characters of `text` (no ASCII run left in it but single spaces). */
function countBytes(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one character
      i += 1;
    } else bytes += 3; // a lone surrogate is written as U+FFFD
  }
  return bytes;
}

/** UTF-8 byte length of a string without allocating an encoded copy: the bytes TextEncoder
 * writes for it (a lone surrogate as U+FFFD, three bytes). */
export function utf8Length(text) {
  const rest = text.replace(ASCII_RUNS, ' '); // each run one space: a pair never joins across one
  return text.length - rest.length + countBytes(rest);
}
