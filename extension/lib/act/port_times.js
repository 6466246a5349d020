// An act's timings of its host round trips, as the worker saw each on the native port.

/** The port's way of one host round trip as the worker saw it, as `<step>_*_ms` timings:
 * send (the request's JSON and postMessage), wait (sent to the reply's first frame: both
 * ways through Chromium and the host's work), frames (first to last frame), parse. */
export function portTimes(into, step, sent) {
  const times = sent.replyTimes;
  if (sent.sendMs != null) into[`${step}_send_ms`] = sent.sendMs;
  if (!times) return;
  into[`${step}_wait_ms`] = times.reply_wait_ms;
  into[`${step}_frames_ms`] = times.reply_frames_ms;
  into[`${step}_parse_ms`] = times.reply_parse_ms;
}
