// Whether a history read came after the page loaded again or from the same page. A history read is not
// always a reload: useStream reads the thread's state when a run ends, and a page may read its history
// whenever it likes. The extension names each connection `<document>.<page token>-<n>`: the number
// before the dot counts the tab's documents (a reload, or a navigation with preserve log on, is a new
// one), the token is the page hook's own per document; inputs named otherwise (a HAR, a file without
// that form) cannot tell.
export type PageLoad = 'reloaded' | 'same';

const EXTENSION_ID = /^(\d+)\.[0-9a-z]+-\d+$/;

/** The document a connection of the extension's capture belonged to, or undefined for other ids. */
export function documentOf(connectionId: string): string | undefined {
  return EXTENSION_ID.exec(connectionId)?.[1];
}

/** How the history read's page relates to the page that showed the live frames, when the ids tell. */
export function pageLoadOf(liveConnection: string | undefined, historyConnection: string): PageLoad | undefined {
  if (liveConnection === undefined) return undefined;
  const live = documentOf(liveConnection);
  const history = documentOf(historyConnection);
  if (live === undefined || history === undefined) return undefined;
  return live === history ? 'same' : 'reloaded';
}
