// Ask the service worker for one snapshot over a port, hearing its stages as they run.
// (The one-shot chrome.runtime.sendMessage API stays the same for every other caller.)

import { workerStopped } from '../lib/session/worker_stopped.js';

export const PORT_NAME = 'axsnap-request';

/** Send `message`; `onProgress({stage, state, ms?})` per stage; resolves with the reply. */
export function request(message, onProgress) {
  return new Promise((resolve) => {
    const port = chrome.runtime.connect({ name: PORT_NAME });
    let settled = false;
    port.onMessage.addListener((m) => {
      if (m?.type === 'progress') onProgress?.(m);
      else if (m?.type === 'reply' && !settled) {
        settled = true;
        port.disconnect();
        resolve(m.reply);
      }
    });
    port.onDisconnect.addListener(() => {
      void chrome.runtime.lastError; // read, so Chrome does not log it as unchecked
      if (!settled) {
        settled = true;
        resolve(workerStopped());
      }
    });
    port.postMessage(message);
  });
}
