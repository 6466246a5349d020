// The toolbar button opens the agent page in a tab.
chrome.action.onClicked.addListener(() => chrome.tabs.create({ url: chrome.runtime.getURL('agent.html') }));
