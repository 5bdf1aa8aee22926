// The full panel as a plain page (panel.html?tabId=<id>) in a real Chromium with the built extension,
// on the demo site's runs: the reference rendering of each flat-block scenario (texts, groups, tool
// dots, todos, approvals, questions, reload), findings that select their frame, scrubbing, export →
// import, and a session of another protocol. Expected texts are the demo scenarios' own data
// (demo/scenarios/*.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Frame } from '../../src/model/frame';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { chooseSession, importInPanel, openPanel, openSessionList, playToEnd, preserveLog, settledFrames, showTab, startScenario, tabIdOf, waitForFrameCount } from './support/panel-page';

let browser: LaunchedBrowser;
let fast: DemoServer;
/** The reload scenario needs time to reload in the middle of the run. */
let paced: DemoServer;
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-panel-'));
  [fast, paced] = await Promise.all([startDemoServer({ port: 0, delayScale: 0 }), startDemoServer({ port: 0, delayScale: 0.2 })]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([fast?.close(), paced?.close()]);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Plays a scenario to its end and opens the panel on its tab once the hub holds every frame. */
async function played(query: string, options: Parameters<typeof playToEnd>[1] = {}, server = fast): Promise<{ page: Page; panel: Page }> {
  const { page } = await startScenario(browser, server.url, query);
  await playToEnd(page, options);
  const tabId = await tabIdOf(browser, page);
  const frames = await settledFrames(browser, tabId);
  return { page, panel: await openPanel(browser, tabId, frames.length) };
}

const rendering = (panel: Page) => panel.locator('[data-testid="rendering"]');
const texts = (l: Locator) => l.evaluateAll((els) => els.map((e) => e.textContent ?? ''));

/** Scopes the panel to the session whose connections include the History API response. */
const chooseSessionWithHistory = (panel: Page) => chooseSession(panel, { text: 'GET /history' });

async function expandGroups(panel: Page): Promise<void> {
  // Opening one group re-renders the list, so click the first still-closed header each time.
  const closed = rendering(panel).locator('.group-header[aria-expanded="false"]');
  for (let guard = 0; guard < 50 && (await closed.count()) > 0; guard++) await closed.first().click();
}

async function closeAll(...pages: Page[]): Promise<void> {
  for (const p of pages) await p.close();
}

/**
 * Holds the hub's IndexedDB (the panel page shares the extension's origin) in a read-write transaction
 * kept open by one request after another, so the hub's writes wait; the returned function lets go.
 */
async function holdHubStorage(panel: Page): Promise<() => Promise<void>> {
  await panel.evaluate(
    () =>
      new Promise<void>((held, failed) => {
        const open = indexedDB.open('agent-stream-inspector-hub');
        open.onerror = () => failed(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['tabs', 'connections', 'batches'], 'readwrite');
          const tabs = tx.objectStore('tabs');
          let holding = true;
          const w = window as unknown as { __releaseHub?: () => Promise<void> };
          w.__releaseHub = () =>
            new Promise<void>((done) => {
              holding = false;
              tx.oncomplete = () => {
                db.close();
                done();
              };
            });
          const next = () => {
            if (holding) tabs.get(-1).onsuccess = next;
          };
          next();
          held();
        };
      }),
  );
  return () => panel.evaluate(() => (window as unknown as { __releaseHub: () => Promise<void> }).__releaseHub());
}

describe('flat-block scenarios', () => {
  it('normal: texts, brand, a done group with its summary, tool dots and labels, todos', async () => {
    const { page, panel } = await played('scenario=normal&transport=ws');
    const view = rendering(panel);
    expect(await view.getAttribute('data-at')).toBe('live');
    expect(await view.locator('.protocol').textContent()).toBe('flat-block');
    const textBlocks = view.locator('.view-items > .view-item > .text');
    expect(await texts(textBlocks.locator('.text-body'))).toEqual([
      'Chào Thảo! Để mình cập nhật tình hình thị trường hôm nay nhé.',
      'VNINDEX hôm nay tăng 2.69% lên 1,318 điểm, dẫn dắt bởi nhóm ngân hàng và thép. Thanh khoản đạt 24,500 tỷ đồng, khối ngoại mua ròng 420 tỷ. Xu hướng ngắn hạn tích cực; in short, the market is in an uptrend.',
    ]);
    // Only the turn's first assistant text (message_type "chat") carries the brand.
    expect(await view.locator('.brand').count()).toBe(1);
    expect(await textBlocks.first().locator('.brand').count()).toBe(1);
    expect(await textBlocks.first().getAttribute('class')).toContain('text-part');
    expect(await textBlocks.last().getAttribute('class')).toContain('text-final');

    // A group drawn after it ended is done and collapsed under its summary; opening it shows every step.
    const group = view.locator('.group');
    expect(await group.count()).toBe(1);
    expect(await group.getAttribute('class')).toContain('group-done');
    expect(await group.getAttribute('class')).toContain('group-collapsed');
    expect(await group.locator('.group-title').textContent()).toBe('Tìm kiếm thông tin thị trường phiên 25/03/2026');
    expect(await group.locator('.group-title').getAttribute('class')).not.toContain('shimmer');
    await group.locator('.group-header').click();
    expect(await group.getAttribute('class')).toContain('group-expanded');
    expect(await group.locator('.group-done-line').textContent()).toBe('✓ Hoàn thành');
    const tools = group.locator('.tool:not(.tool-todos)');
    expect(await texts(tools.locator('.tool-label'))).toEqual(['Tìm kiếm tin tức thị trường mới nhất ngày 25/03/2026', 'Phân tích giá VNINDEX']);
    expect(await tools.locator('.dot').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(['success', 'success']);
    expect(await group.locator('.tool-todos').count()).toBe(2);

    // The side panel holds the latest top-level todo snapshot.
    const todos = view.locator('aside.todo-panel .todo');
    expect(await todos.evaluateAll((els) => els.map((e) => [e.getAttribute('data-status'), e.textContent?.trim()]))).toEqual([
      ['completed', '✓Tìm tin tức thị trường'],
      ['completed', '✓Phân tích giá VNINDEX'],
      ['in_progress', '●Đang viết nhận định'],
    ]);
    await closeAll(panel, page);
  });

  it('approval (rejected): the approval inside its group, the tool ends with an error dot', async () => {
    const { page, panel } = await played('scenario=approval&transport=ws', { reject: true });
    await expandGroups(panel);
    const group = rendering(panel).locator('.group');
    const approval = group.locator('.approval');
    expect(await approval.count()).toBe(1);
    expect(await rendering(panel).locator('.view-items > .view-item > .approval').count()).toBe(0);
    expect(await approval.locator('.approval-name').textContent()).toBe('get_portfolio_detail');
    expect(await texts(approval.locator('button.decision'))).toEqual(['approve', 'edit', 'reject']);
    expect(await approval.locator('.approval-outcome').textContent()).toBe('Decided: reject');
    const portfolio = group.locator('.tool', { hasText: 'Xem chi tiết danh mục' });
    expect(await portfolio.locator('.dot').getAttribute('aria-label')).toBe('error');
    const market = group.locator('.tool', { hasText: 'Cập nhật tổng quan thị trường' });
    expect(await market.locator('.dot').getAttribute('aria-label')).toBe('success');
    await closeAll(panel, page);
  });

  it('question: the form outside any group with its options, live, then the answer', async () => {
    const { page, tabId } = await startScenario(browser, fast.url, 'scenario=question&transport=ws');
    await page.locator('form.card.question').waitFor();
    const panel = await openPanel(browser, tabId, (await settledFrames(browser, tabId)).length);
    const question = rendering(panel).locator('.question');
    await question.waitFor();
    expect(await question.evaluate((el) => el.closest('.group') === null)).toBe(true);
    expect(await question.getAttribute('class')).toContain('question-waiting');
    expect(await texts(question.locator('.question-text'))).toEqual(['Thảo muốn tập trung vào mục tiêu nào?', 'Nhóm ngành quan tâm?']);
    const blocks = question.locator('.question-block');
    expect(await texts(blocks.nth(0).locator('.option-label'))).toEqual(['Cổ tức bền vững (Recommended)', 'Tăng trưởng dài hạn', 'Khác']);
    expect(await blocks.nth(1).locator('input[type="checkbox"]').count()).toBe(4);
    expect(await blocks.nth(0).locator('.option-free input.option-input').count()).toBe(1);
    expect(await question.locator('.question-answer').count()).toBe(0);

    await playToEnd(page);
    await waitForFrameCount(panel, (await settledFrames(browser, tabId)).length);
    await expect.poll(() => question.getAttribute('class')).toContain('question-answered');
    expect(await texts(question.locator('.question-answer .answer-text'))).toEqual(['Cổ tức bền vững (Recommended)', 'Ngân hàng']);
    expect(await question.locator('.option.chosen .option-label').count()).toBe(2);
    // The second group follows the question, done.
    expect(await texts(rendering(panel).locator('.group .group-title'))).toContain('Lọc cổ phiếu theo mục tiêu');
    await closeAll(panel, page);
  });

  it('Preserve log: check() turns it on at once, the hub keeps the frames across a reload, a second panel of the tab agrees, and Space turns it off', async () => {
    const { page, tabId } = await startScenario(browser, fast.url, 'scenario=normal&transport=ws');
    await playToEnd(page);
    const before = await settledFrames(browser, tabId);
    const panel = await openPanel(browser, tabId, before.length);
    const box = panel.getByRole('checkbox', { name: 'Preserve log' });
    // The hub answers once the setting is stored: with its storage held, the answer waits, and the
    // toolbar drawn again meanwhile (Live off and on) shows the click, not the hub's last word.
    const release = await holdHubStorage(panel);
    await box.check();
    await panel.locator('button.live').click();
    await panel.locator('button.live').click();
    expect(await panel.locator('button.live').getAttribute('aria-pressed')).toBe('true');
    expect(await box.isChecked()).toBe(true);
    await release();
    expect(await box.isChecked()).toBe(true);
    const other = await openPanel(browser, tabId, before.length);
    const otherBox = other.getByRole('checkbox', { name: 'Preserve log' });
    await expect.poll(() => otherBox.isChecked()).toBe(true);
    // The hub holds the setting: a reload keeps the first run's frames, and the second run's follow them.
    await page.reload();
    await page.click('#start');
    await playToEnd(page);
    const after = await settledFrames(browser, tabId);
    expect(after.slice(0, before.length).map((f) => [f.index, f.connectionId])).toEqual(before.map((f) => [f.index, f.connectionId]));
    expect(new Set(after.slice(before.length).map((f) => f.connectionId)).size).toBeGreaterThanOrEqual(1);
    expect(after.slice(before.length).every((f) => !before.some((b) => b.connectionId === f.connectionId))).toBe(true);
    await waitForFrameCount(panel, after.length);
    // Off with the keyboard in the second panel: shown there at once, and in the first once the hub says so.
    await otherBox.focus();
    await other.keyboard.press('Space');
    expect(await otherBox.isChecked()).toBe(false);
    await expect.poll(() => box.isChecked()).toBe(false);
    await closeAll(other, panel, page);
  });

  it('question answered, then the page reloaded with preserve log: history shows it resolved', async () => {
    const { page, tabId } = await startScenario(browser, fast.url, 'scenario=question&transport=ws');
    const panel = await openPanel(browser, tabId);
    await preserveLog(panel);
    await playToEnd(page);
    await page.reload();
    await page.waitForFunction(() => /\d+ events.*idle/.test(document.getElementById('info')?.textContent ?? ''));
    const frames = await settledFrames(browser, tabId);
    // Both page loads are kept: the first stream's connection and the History API request after the reload.
    expect(new Set(frames.map((f) => f.connectionId)).size).toBeGreaterThanOrEqual(2);
    await waitForFrameCount(panel, frames.length);
    const resolved = rendering(panel).locator('.question.question-resolved');
    await expect.poll(() => resolved.count()).toBeGreaterThanOrEqual(1);
    expect(await resolved.first().locator('.question-state').textContent()).toBe('(resolved)');
    await closeAll(panel, page);
  });

  describe('reload mid-run with preserve log', () => {
    let panel: Page;
    let page: Page;
    let frames: Frame[];
    beforeAll(async () => {
      const run = await startScenario(browser, paced.url, 'scenario=reload&transport=ws');
      page = run.page;
      panel = await openPanel(browser, run.tabId);
      await preserveLog(panel);
      await playToEnd(page, { reloadAfter: 8 });
      frames = await settledFrames(browser, run.tabId);
      await waitForFrameCount(panel, frames.length);
    });
    afterAll(() => closeAll(panel, page));

    it('keeps both page loads, and the History API response joined to the replay renders the whole run', async () => {
      await openSessionList(panel);
      const connections = (await panel.locator('[data-testid="sessions"] .session-connections').allTextContents()).flatMap((t) => t.split(' · '));
      // Two sockets on one path are told apart by an ordinal.
      expect(connections.filter((c) => c.startsWith('WS /ws')).sort()).toEqual(['WS /ws', 'WS /ws (2)']);
      expect(connections.filter((c) => c.startsWith('GET /history'))).toHaveLength(1);
      await panel.keyboard.press('Escape');
      // Read back as a file (sessions split as the command line does), the replay continues the history's group.
      const file = path.join(tmp, 'reload.asi.json');
      fs.writeFileSync(file, await panel.evaluate(() => window.__asiExport!()));
      await importInPanel(panel, file);
      await chooseSessionWithHistory(panel);
      const view = rendering(panel);
      expect(await texts(view.locator('.group.group-done .group-title'))).toContain('Rà soát thị trường phiên 25/03/2026');
      expect(await view.locator('.text-final').count()).toBe(1);
      expect(await view.locator('.group-running').count()).toBe(0);
      expect(await view.locator('.tool-orphan').count()).toBe(0);
    });

    it('live: the hub joins the History API response and the replay into one session', async () => {
      await panel.locator('button.back-live').click();
      await waitForFrameCount(panel, frames.length);
      await chooseSessionWithHistory(panel);
      expect(await rendering(panel).locator('.tool-orphan').count()).toBe(0);
      expect(await texts(rendering(panel).locator('.group.group-done .group-title'))).toContain('Rà soát thị trường phiên 25/03/2026');
    });
  });
});

describe('timeline, findings and scrubbing', () => {
  it('a finding click selects its frame; scrubbing shows an earlier state; Live returns to the head', async () => {
    const { page, panel } = await played('scenario=normal&transport=ws&buggy=1');
    await showTab(panel, 'findings');
    const finding = panel.locator('[data-testid="findings"] button.finding', { hasText: 'flat/tool-result-orphan' });
    expect(await finding.count()).toBe(1);
    await finding.click();
    const selected = panel.locator('[data-testid="frame-row"][aria-selected="true"]');
    await expect.poll(() => selected.count()).toBe(1);
    const index = await selected.getAttribute('data-index');
    expect(await panel.locator('[data-testid="frame-detail"]').getAttribute('data-index')).toBe(index);
    expect(await panel.locator('[data-testid="frame-detail"]').textContent()).toContain('toolu_n_ghost');
    expect(await panel.locator('[data-testid="frame-detail"] .frame-findings').textContent()).toContain('flat/tool-result-orphan');

    // Select the analyze_price call: as of that frame the group still runs and the tool has no result.
    await panel.locator('input.filter-text').fill('"name":"analyze_price"');
    const call = panel.locator('[data-testid="frame-row"]');
    await expect.poll(() => call.count()).toBe(1);
    await call.click();
    const callIndex = await call.getAttribute('data-index');
    await panel.locator('input.filter-text').fill('');
    await showTab(panel, 'rendering');
    const view = rendering(panel);
    expect(await view.getAttribute('data-at')).toBe(callIndex);
    expect(await view.locator('.scrub-note').textContent()).toContain('as of frame #');
    const group = view.locator('.group');
    expect(await group.getAttribute('class')).toContain('group-running');
    expect(await group.locator('.group-title').getAttribute('class')).toContain('shimmer');
    expect(await group.locator('.tool', { hasText: 'Phân tích giá VNINDEX' }).locator('.dot').getAttribute('aria-label')).toBe('running');
    expect(await view.locator('.text-final').count()).toBe(0);

    await panel.locator('button.live').click();
    expect(await view.getAttribute('data-at')).toBe('live');
    expect(await group.getAttribute('class')).toContain('group-done');
    expect(await view.locator('.text-final').count()).toBe(1);
    await closeAll(panel, page);
  });

  it('export → import gives the same sessions, frames and findings', async () => {
    const { page, panel } = await played('scenario=approval&transport=sse&buggy=1');
    const snapshot = async () => {
      await openSessionList(panel);
      // Each entry whole: protocol, the agent's own session id, start, duration, first token, counts.
      // The same text live and re-imported means the session is named and timed the same both ways.
      const sessions = await panel.locator('[data-testid="session"]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-protocol'), e.textContent]));
      await panel.keyboard.press('Escape');
      await showTab(panel, 'findings');
      const findings = await texts(panel.locator('[data-testid="findings"] button.finding'));
      await showTab(panel, 'rendering');
      return {
        frames: await panel.locator('[data-testid="frame-count"]').getAttribute('data-count'),
        sessions,
        findings,
        rendering: await rendering(panel).locator('.view-items').textContent(),
      };
    };
    const before = await snapshot();
    expect(before.findings.length).toBeGreaterThan(0);
    const file = path.join(tmp, 'approval.asi.json');
    fs.writeFileSync(file, await panel.evaluate(() => window.__asiExport!()));
    await importInPanel(panel, file);
    expect(await snapshot()).toEqual(before);
    await closeAll(panel, page);
  });
});

it('renders a session of another protocol (Anthropic Messages over SSE)', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${fast.url}?protocol=${encodeURIComponent('anthropic/sse')}`);
  await page.click('#start');
  const pageText = page.locator('#protocol-output .piece.text');
  await expect.poll(async () => (await pageText.count()) > 0 && /frames · /.test((await page.locator('#protocol-output > .muted').textContent()) ?? '')).toBe(true);
  const tabId = await tabIdOf(browser, page);
  const frames = await settledFrames(browser, tabId);
  const panel = await openPanel(browser, tabId, frames.length);
  await openSessionList(panel);
  const session = panel.locator('[data-testid="session"][data-protocol="anthropic"]');
  expect(await session.count()).toBe(1);
  await panel.keyboard.press('Escape');
  expect(await rendering(panel).locator('.protocol').textContent()).toBe('anthropic');
  const shown = (await texts(rendering(panel).locator('.text-body'))).join('');
  expect(shown.length).toBeGreaterThan(0);
  expect(shown).toContain((await pageText.last().textContent())!.trim());
  await closeAll(panel, page);
});
