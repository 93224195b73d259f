/** The browser refused to open a window (a pop-up blocker). */
export class WindowBlockedError extends Error {
  constructor() {
    super('Your browser blocked the new window. Allow pop-ups for this site, then try again.');
    this.name = 'WindowBlockedError';
  }
}

/**
 * Opens a new window showing the JSON `load` answers, pretty-printed. Call it straight from a click:
 * the window is opened before the request, because browsers block windows opened after an await. If the
 * request fails the window is closed and the error rethrown, for the caller to explain.
 */
export async function openJsonWindow(title: string, load: () => Promise<unknown>): Promise<void> {
  const win = window.open('', '_blank');
  if (!win) throw new WindowBlockedError();
  // The window only shows our text; cutting its link back to this page keeps it that way.
  win.opener = null;
  win.document.title = title;
  const pre = win.document.createElement('pre');
  pre.textContent = `Loading ${title}...`;
  win.document.body.replaceChildren(pre);
  try {
    pre.textContent = JSON.stringify(await load(), null, 2);
  } catch (err) {
    win.close();
    throw err;
  }
}
