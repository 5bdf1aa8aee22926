// The LangGraph page from the main demo site: `GET /langgraph` starts the official LangGraph server
// (demo-server.ts) on the first visit, on a free loopback port, and sends the browser there with the
// query kept (`?buggy=<family>`). Started lazily because the server takes seconds and memory that a
// visit to the other pages should not pay.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLangGraphDemo, type LangGraphDemo } from './demo-server';

export interface LazyLangGraph {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  close(): Promise<void>;
}

export function lazyLangGraph(): LazyLangGraph {
  let demo: Promise<LangGraphDemo> | undefined;
  return {
    async handle(req, res, url) {
      if (req.method !== 'GET' || (url.pathname !== '/langgraph' && url.pathname !== '/langgraph.html')) return false;
      demo ??= startLangGraphDemo({ port: 0 });
      let started: LangGraphDemo;
      try {
        started = await demo;
      } catch (error) {
        demo = undefined;
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`The LangGraph server did not start: ${error instanceof Error ? error.message : 'unknown error'}\n`);
        return true;
      }
      res.writeHead(302, { location: `${started.url}${url.search}` });
      res.end();
      return true;
    },
    async close() {
      const running = demo;
      demo = undefined;
      if (running) await (await running.catch(() => undefined))?.close();
    },
  };
}
