// Semantic mode (issue 31): the name a container has from another element, for twins a page
// holds once in each of its panes (a list under "All" and again under "Unread"): the elements
// its aria-labelledby names, else, for a tab panel (role=tabpanel, a .tab-pane), the tab that
// shows it (aria-controls, or href, data-bs-target, data-target "#<its id>"). Its id may be a
// token ("pane-2"): the tab's words are the name a person reads. Numbers (a tab's count,
// "All (11)") are dropped; "" when it has none.
import { idsText, personText } from './person_name.js';
import { collapse, run } from './run.js';

const PANE_CLASS = /(^|\s)tab-pane(\s|$)/;

// The page's tabs by the id of the panel each shows, read once a walk on first use.
function tabsByPanel() {
  if (run.tabsByPanel) return run.tabsByPanel;
  const tabs = new Map();
  for (const tab of document.querySelectorAll('[aria-controls], a[href^="#"], '
    + '[data-bs-target^="#"], [data-target^="#"]')) {
    const targets = [...(tab.getAttribute('aria-controls') || '').split(/\s+/),
      ...['href', 'data-bs-target', 'data-target'].map((k) => (tab.getAttribute(k) || '')
        .replace(/^#/, ''))];
    for (const id of targets) if (id && !tabs.has(id)) tabs.set(id, tab);
  }
  run.tabsByPanel = tabs;
  return tabs;
}

function isPanel(el) {
  return el.getAttribute('role') === 'tabpanel'
    || PANE_CLASS.test(typeof el.className === 'string' ? el.className : '');
}

/** The words that name container `el` from elsewhere, without numbers; "" when none. */
export function paneName(el) {
  const by = el.getAttribute('aria-labelledby');
  let said = by ? idsText(el, by) : '';
  if (!said && el.id && isPanel(el)) {
    const tab = tabsByPanel().get(el.id);
    if (tab && !tab.contains(el)) said = personText(tab, false, null);
  }
  return collapse(said.split(' ').filter((w) => !/\d/.test(w)).join(' '));
}
