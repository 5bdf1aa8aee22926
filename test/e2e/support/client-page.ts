// The page an official client runs in for the browser tests: `/` loads `/client.js`, the client page's
// TypeScript (test/e2e/pages/) bundled with every package it imports, as the demo bundles its pages.
import { bundlePage } from '../../../demo/bundle-page';
import type { Route } from './server';

/** The routes of a page that runs `entry`: add the recordings' routes beside them. */
export async function clientPageRoutes(entry: string, title: string): Promise<Record<string, Route>> {
  const script = await bundlePage(entry);
  return {
    '/': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>${title}</title><script type="module" src="/client.js"></script>`),
    '/client.js': (_req, res) => res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script),
  };
}
