// Answering from the panel, in the real DevTools window with the built extension, on the demo site:
// with "Answer from the panel" off a pending approval's buttons are inert (a click sends nothing); on,
// approving a flat-block tool call sends the page's own reply on the page's socket, the backend goes
// on and the session ends clean, and the frame is marked "sent from the inspector" in the timeline and
// the export (where `check` does not count it as the page's). A question is answered the same way. On
// an SSE run the controls stay inert and say why; on a socket the page closed, they say so.
import { describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { check } from '../../src/api/check';
import { demoInDevTools } from './support/demo-in-devtools';
import { openWithPanel, until } from './support/devtools-panel';
import { exported } from './support/panel-in-devtools';
import { stopQuietServiceWorker } from './support/stop-worker';

const env = demoInDevTools();

interface SentFrame {
  index: number;
  connectionId: string;
  direction: string;
  kind: string;
  data: string;
  sentBy?: string;
}

async function frames(panel: PwFrame): Promise<{ frames: SentFrame[]; text: string }> {
  const { text } = await exported(panel);
  return { frames: (JSON.parse(text) as { frames: SentFrame[] }).frames, text };
}

const outMessages = (list: SentFrame[]) => list.filter((f) => f.direction === 'out' && f.kind === 'message');
const json = (f: SentFrame | undefined) => JSON.parse(f?.data ?? 'null') as Record<string, unknown>;

/** The capture once the backend went on to message_stop (the page's reply reached it). */
const backendWentOn = (panel: PwFrame) =>
  until(
    () => frames(panel),
    (c) => c.frames.some((f) => f.direction === 'in' && f.data.includes('"message_stop"')),
    'the backend to go on to message_stop',
  );

async function turnOn(panel: PwFrame): Promise<void> {
  await panel.locator('.answer-toggle').check();
  await until(() => panel.locator('.answer-toggle').isChecked(), (on) => on, 'the switch on');
}

describe('answering from the panel', () => {
  it('approves a flat-block tool call on the page’s socket only once the switch is on; the run ends clean', async () => {
    const d = await openWithPanel(env.browser, `${env.demo.url}?scenario=approval&transport=ws`);
    await d.page.locator('#start').click();
    const approve = d.panel.locator('.approval .decision-approve');
    await approve.waitFor();
    // Off (the default): inert, and the card says how to answer here.
    expect(await d.panel.locator('.answer-toggle').isChecked()).toBe(false);
    expect(await approve.isDisabled()).toBe(true);
    expect(await d.panel.locator('.approval [data-testid="answer-inert"]').textContent()).toContain('Answer from the panel');
    const before = await until(() => frames(d.panel), (c) => outMessages(c.frames).length === 1, 'the page’s user_message');
    await approve.click({ force: true });
    // On: the same button sends. Had the inert click sent anything, there would be two replies below.
    await turnOn(d.panel);
    expect(await approve.isDisabled()).toBe(false);
    await approve.click();
    await d.panel.locator('[data-testid="inspector-mark"]').first().waitFor();
    const after = await backendWentOn(d.panel);
    const sent = outMessages(after.frames);
    expect(sent).toHaveLength(outMessages(before.frames).length + 1);
    const reply = sent.find((f) => f.sentBy === 'inspector');
    expect(reply).toBeDefined();
    expect(after.frames.filter((f) => f.sentBy !== undefined)).toHaveLength(1);
    const first = json(outMessages(before.frames)[0]);
    expect(json(reply)).toEqual({ type: 'approval', session_id: first.session_id, approval_key: `${String(first.session_id)}_1`, decisions: [{ type: 'approve' }] });
    // The panel finds nothing wrong.
    await until(() => d.panel.locator('[data-testid="count-error"]').textContent(), (t) => t === '0 errors', 'no error in the panel');
    // The export keeps the mark, and check does not count the frame as the page's.
    const results = check(after.text);
    const session = results.find((r) => r.protocol === 'flat-block');
    expect(session?.errorCount).toBe(0);
    expect(session?.warningCount).toBe(0);
    expect(session?.sentFromInspector).toBe(1);
    await d.page.close();
  }, 120_000);

  it('answers a flat-block question as the page’s own form does', async () => {
    const d = await openWithPanel(env.browser, `${env.demo.url}?scenario=question&transport=ws`);
    await d.page.locator('#start').click();
    await turnOn(d.panel);
    const form = d.panel.locator('.question-answerable');
    await form.waitFor();
    const blocks = form.locator('fieldset.question-block');
    expect(await blocks.count()).toBe(2);
    // First question: its first option; second (multi-select): the first option and free text.
    await blocks.nth(0).locator('input[type="radio"]').first().check();
    await blocks.nth(1).locator('input[type="checkbox"]').first().check();
    await blocks.nth(1).locator('input.option-input').fill('something else');
    const questions = await blocks.locator('.question-text').allTextContents();
    const labels = await Promise.all([0, 1].map((i) => blocks.nth(i).locator('.option-label').first().textContent()));
    await form.locator('.question-send').click();
    const after = await backendWentOn(d.panel);
    const reply = after.frames.find((f) => f.sentBy === 'inspector');
    const first = json(outMessages(after.frames)[0]);
    expect(json(reply)).toEqual({
      type: 'approval',
      session_id: first.session_id,
      approval_key: expect.any(String),
      answers: { [questions[0]!]: labels[0], [questions[1]!]: `${labels[1]}, something else` },
    });
    await until(() => d.panel.locator('[data-testid="count-error"]').textContent(), (t) => t === '0 errors', 'no error in the panel');
    expect(check(after.text).find((r) => r.protocol === 'flat-block')?.errorCount).toBe(0);
    await d.page.close();
  }, 120_000);

  it('keeps the controls inert on an SSE run and says the page’s client must make the follow-up request', async () => {
    const d = await openWithPanel(env.browser, `${env.demo.url}?scenario=approval&transport=sse`);
    await d.page.locator('#start').click();
    await turnOn(d.panel);
    const approve = d.panel.locator('.approval .decision-approve');
    await approve.waitFor();
    expect(await approve.isDisabled()).toBe(true);
    expect(await d.panel.locator('.approval [data-testid="answer-inert"]').textContent()).toContain('the page’s own client must make the follow-up request');
    // The page answers for itself, as it must.
    await d.page.locator('button.decision.approve').click();
    await until(() => frames(d.panel), (c) => c.frames.some((f) => f.data.includes('"message_stop"')), 'the run to end');
    expect((await frames(d.panel)).frames.some((f) => f.sentBy !== undefined)).toBe(false);
    await d.page.close();
  }, 120_000);

  it('says so when the page already closed the socket, and sends nothing', async () => {
    // The AG-UI WebSocket session ends on an interrupt; the demo page closes its socket once the run goes quiet.
    const d = await openWithPanel(env.browser, `${env.demo.url}?protocol=ag-ui/websocket`);
    await d.page.locator('#start').click();
    await turnOn(d.panel);
    await until(() => frames(d.panel), (c) => c.frames.some((f) => f.kind === 'close'), 'the page to close its socket');
    const approve = d.panel.locator('.approval .decision-approve');
    await approve.waitFor();
    await until(() => d.panel.locator('.approval [data-testid="answer-inert"]').textContent(), (t) => (t ?? '').includes('socket is closed'), 'the closed-socket line');
    expect(await approve.isDisabled()).toBe(true);
    expect((await frames(d.panel)).frames.some((f) => f.sentBy !== undefined)).toBe(false);
    await d.page.close();
  }, 120_000);

  it('approves after the service worker stopped while the approval waited, as Chrome stops an idle one after 30 s', async () => {
    const d = await openWithPanel(env.browser, `${env.demo.url}?scenario=approval&transport=ws`);
    await d.page.locator('#start').click();
    const approve = d.panel.locator('.approval .decision-approve');
    await approve.waitFor();
    await turnOn(d.panel);
    await stopQuietServiceWorker(env.browser);
    await approve.click();
    await d.panel.locator('[data-testid="inspector-mark"]').first().waitFor();
    const after = await backendWentOn(d.panel);
    expect(after.frames.filter((f) => f.sentBy === 'inspector')).toHaveLength(1);
    await until(() => d.panel.locator('[data-testid="count-error"]').textContent(), (t) => t === '0 errors', 'no error in the panel');
    await d.page.close();
  }, 120_000);
});
