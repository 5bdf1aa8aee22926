import { afterAll, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { importInPanel, playToEnd, startScenario } from './support/panel-page';

let demo: DemoServer | undefined;
let b: LaunchedBrowser | undefined;
afterAll(async () => { await b?.close(); await demo?.close(); });
it('panel console', async () => {
  demo = await startDemoServer({ port: 0, delayScale: 0 });
  b = await launchBrowser();
  const logs: string[] = [];
  b.serviceWorker?.on('console', (m) => logs.push(`sw ${m.type()}: ${m.text()}`));
  for (const q of ['scenario=normal&transport=ws&buggy=1', 'scenario=approval&transport=sse', 'scenario=question&transport=ws', 'scenario=history&transport=ws']) {
    const run = await startScenario(b, demo.url, q);
    run.page.on('console', (m) => logs.push(`page ${m.type()}: ${m.text()}`));
    await playToEnd(run.page).catch((e) => logs.push('play ' + String(e)));
    const panel = await b.context.newPage();
    panel.on('console', (m) => logs.push(`panel ${m.type()}: ${m.text()}`));
    panel.on('pageerror', (e) => logs.push(`panel pageerror: ${e.message}`));
    await panel.goto(`chrome-extension://${b.extensionId}/panel.html?tabId=${run.tabId}`);
    await panel.waitForSelector('[data-testid="link"][data-state="live"]');
    for (const tab of ['rendering', 'findings', 'request', 'waterfall', 'conversation']) await panel.locator(`[data-tab="${tab}"]`).click({ timeout: 2000 }).catch(() => logs.push(`no tab ${tab}`));
    await importInPanel(panel, 'src/protocols/ag-ui/testdata/valid-reasoning-interrupt.json');
    await panel.close();
  }
  console.log(logs.join('\n'));
}, 180_000);
