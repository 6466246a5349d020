// Fast path settle_after_act (issue 32): a read asked to settle right after an act ends its wait
// at once when the act's readiness proved the page settled and nothing happened since. The
// proof kept is the page clock's reading (content/readiness.js) from the settle check that ended
// the act's readiness; a read's first reading stands on it only when it is of the same document
// (its clock's token), has seen no activity since (the same count of mutation records and of
// activities: a mutation, input, a control's state, a finished subresource, a load step), reads
// no frame it cannot watch, and the document is loaded. The read's own watch (no request in
// flight, no frame loading) is asked as for any settle (stabilize.js). Anything else: the exact
// path, a settle check of its own (lib/session/settle.js).

const proofs = new Map(); // tabId -> the reading that proved the page settled after an act

/** Keep `reading` (the settle check's, when it ended the act's readiness as settled) for `tabId`;
 * null forgets it (readiness ended another way, or the act did not wait). */
export function keepActProof(tabId, reading) {
  if (reading && typeof reading.token === 'string' && Number.isInteger(reading.touches)
    && Number.isInteger(reading.count) && !(reading.frames_unreadable > 0)) {
    proofs.set(tabId, { token: reading.token, count: reading.count, touches: reading.touches });
  } else {
    proofs.delete(tabId);
  }
}

/** The proof kept for `tabId`, or null. */
export function actProofOf(tabId) {
  return proofs.get(tabId) ?? null;
}

/** Forget what is kept for `tabId` (a closed tab). */
export function forgetActProof(tabId) {
  proofs.delete(tabId);
}

/** Why `reading` (the read's first page clock reading) does not stand on `proof`, [] when it
 * does: 'document' (another document or no reading), 'mutations' (its count of mutation
 * records moved), 'activity' (its count of activities moved: input, a control's state, a
 * finished subresource, a load step), 'loading', 'frames' (a frame it cannot watch). */
export function proofMisses(proof, reading) {
  if (!proof || !reading || reading.token !== proof.token) return ['document'];
  const why = [];
  if (reading.count !== proof.count) why.push('mutations');
  if (reading.touches !== proof.touches) why.push('activity');
  if (reading.load_state !== 'complete') why.push('loading');
  if (reading.frames_unreadable > 0 || reading.frames_unanswered === true) why.push('frames');
  return why;
}

/** Whether `reading` stands on `proof`: the same document, nothing happened since, loaded, and
 * no frame it cannot watch. */
export function nothingSinceProof(proof, reading) {
  return proofMisses(proof, reading).length === 0;
}

/** What a read's report says when its first reading did not stand on the proof kept
 * (`extra`: the read's own watch's reasons, 'requests', 'busy'): why, and the counts of the
 * proof and of that reading (numbers and the load state only: nothing of the page's content). */
export function proofMissed(proof, reading, extra = []) {
  return {
    why: [...extra, ...proofMisses(proof, reading)],
    proof_count: proof.count, proof_touches: proof.touches,
    same_document: Boolean(reading && reading.token === proof.token),
    count: Number.isInteger(reading?.count) ? reading.count : null,
    touches: Number.isInteger(reading?.touches) ? reading.touches : null,
    load_state: String(reading?.load_state ?? ''),
  };
}
