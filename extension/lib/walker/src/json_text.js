// opts.json (chrome.scripting's injection, walker_capture.js): the output as one string.
// An object result crosses base::Value conversions value by value (in the renderer, the
// browser and the worker): on a whole page of records as long as the walk itself or longer
// (1.3-3.5 s beside walks of 0.6-2.3 s, 15-20k elements at load 15-20); one string crosses
// them at once (0.1-0.4 s), and JSON.parse in the worker is native. What those conversions
// did to strings, this does too: a lone surrogate (a text clipped between the two halves of
// a pair) becomes U+FFFD. (Their keys came sorted; the host reads records by key, as it
// reads the kept world's JSON walks.)
export function asJson(result) {
  const text = JSON.stringify(result);
  // JSON.stringify writes a lone surrogate, and only that, as an escape \udXXX (lower case)
  return text.includes('\\ud') ? wellFormedJson(text, result) : text;
}

// The text with each lone surrogate of a string value written as U+FFFD, as toWellFormed
// writes it: the escapes replaced in the text, not the output written again through a
// replacer: that second JSON.stringify cost three times the first (renderer CPU 120 ms
// against 40 on rustdoc `u8`, 200 against 80 on `simd`, whose clipped "🔬" leave a lone
// half; design note 111). A lone surrogate in a key (an attribute's name) takes the
// replacer, which leaves keys as they are.
function wellFormedJson(text, result) {
  let out = '';
  let from = 0;
  for (let i = text.indexOf('\\ud'); i >= 0; i = text.indexOf('\\ud', i + 1)) {
    if (!isSurrogateEscape(text, i)) continue;
    if (inKey(text, i)) {
      return JSON.stringify(result, (k, v) => (typeof v === 'string' && !v.isWellFormed() ? v.toWellFormed() : v));
    }
    out += text.slice(from, i) + '\ufffd';
    from = i + 6;
  }
  return from ? out + text.slice(from) : text;
}

// Whether `\ud` at `i` starts an escape \ud800-\udfff: not the escaped backslash "\\" of
// a text's own "\ud8" (an even run of backslashes before it).
function isSurrogateEscape(text, i) {
  if (!/[89a-f]/.test(text[i + 3] || '')) return false;
  let k = i;
  while (k > 0 && text[k - 1] === '\\') k--;
  return (i - k) % 2 === 0;
}

// Whether the string holding position `i` is a key: its closing quote (one an even run of
// backslashes comes before) is followed by a colon.
function inKey(text, i) {
  for (let q = text.indexOf('"', i); q >= 0; q = text.indexOf('"', q + 1)) {
    let k = q;
    while (text[k - 1] === '\\') k--;
    if ((q - k) % 2 === 0) return text[q + 1] === ':';
  }
  return false;
}
