// A hit test gone stale before the press (issue 32, design note 124).
//
// The point is hit-tested before any input (geometry.js checkHit), then the mouse moves there
// and presses. The page can change in between: a cover it shows when the pointer comes over
// the target (a hover card, a late banner on the first mousemove) takes the press, and the
// act would say `ok: true` for a click that went elsewhere. So a click's move goes first, on
// its own; the same hit test is asked again at that very point with the pointer on it, and
// the press goes only when it still reaches the target. A cover found then refuses the act as
// `occluded`, naming it and saying nothing was pressed. Nothing is written to the page.
//
// One exception keeps the old behaviour: a target the page itself replaced on the move (a
// re-render on hover: the node is no longer in its document) is not "covered" by its twin;
// the press goes, as it went before.

const CONNECTED = 'function () { return this.isConnected; }';

/** Is the node still in its document? True when that cannot be read (the refusal stands). */
async function stillThere(session, node) {
  try {
    const r = await session.send('Runtime.callFunctionOn',
      { objectId: node.objectId, functionDeclaration: CONNECTED, returnByValue: true }, node.frame.sessionId);
    return r?.result?.value !== false;
  } catch {
    return true;
  }
}

/** With the pointer on the point, before the press: `recheck` is the hit test the point
 * passed ({node, run}: ownPointFor's checkHit at that point). Resolves when the press may go;
 * throws occluded (a cover the page showed since: nothing pressed) or what the hit test
 * throws (hit_test_failed). */
export async function checkBeforePress(session, recheck) {
  try {
    await recheck.run();
  } catch (err) {
    if (err?.code !== 'occluded') throw err;
    if (!await stillThere(session, recheck.node)) return; // the page re-rendered it: the press goes
    err.message = `${err.message} once the pointer moved there (it was clear before); nothing was pressed`;
    err.hint = 'The page showed something over the target when the pointer came (a hover card, a banner): '
      + 'read the page again, close or move it, then act.';
    throw err;
  }
}
