// The issues DevTools' Issues panel would list for a page (the CDP Audits domain, as the frontend reads
// it): what a user inspecting the page sees counted in DevTools' toolbar. Collected from before the
// page loads; `Audits.enable` also replays the ones raised earlier.
import type { BrowserContext, Page } from 'playwright-core';

/** An Audits InspectorIssue: its kind and what it names (the violated directive, the script's place). */
export interface PageIssue {
  code: string;
  details: unknown;
}

export interface IssueWatch {
  readonly issues: PageIssue[];
  stop(): Promise<void>;
}

export async function watchIssues(context: BrowserContext, page: Page): Promise<IssueWatch> {
  const cdp = await context.newCDPSession(page);
  const issues: PageIssue[] = [];
  cdp.on('Audits.issueAdded', (event) => issues.push({ code: event.issue.code, details: event.issue.details }));
  await cdp.send('Audits.enable');
  return { issues, stop: () => cdp.detach().catch(() => undefined) };
}
