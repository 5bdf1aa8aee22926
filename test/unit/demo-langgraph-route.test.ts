// The main demo site reaches the LangGraph page: `/langgraph` starts the official LangGraph server on
// the first visit and redirects there with the query kept, and the site's close stops it again.
// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../demo/server-core';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ port: 0, delayScale: 0 });
});

afterAll(async () => {
  await server.close();
});

describe('the demo site’s LangGraph route', () => {
  it('redirects to the LangGraph page on loopback, keeping ?buggy=, and the page and its API answer', async () => {
    const first = await fetch(`${server.url}langgraph?buggy=state`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    const location = new URL(first.headers.get('location') ?? '');
    expect(location.hostname).toBe('127.0.0.1');
    expect(location.search).toBe('?buggy=state');
    const page = await fetch(location);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>LangGraph agent</h1>');
    // The official server behind the page: its thread API creates a thread.
    const thread = await fetch(new URL('/api/threads', location), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(thread.status).toBe(200);
    expect(((await thread.json()) as { thread_id?: unknown }).thread_id).toEqual(expect.any(String));
    // A second visit reuses the running server.
    const second = await fetch(`${server.url}langgraph`, { redirect: 'manual' });
    expect(new URL(second.headers.get('location') ?? '').port).toBe(location.port);
  }, 120_000);

  it('the index page links every other demo page', async () => {
    const html = await (await fetch(server.url)).text();
    for (const href of ['/tool-loop.html', '/mcp.html', '/agent-to-agent.html', '/langgraph']) expect(html).toContain(`href="${href}"`);
  });
});
