// Profiles the page's main thread (the page hook and the relay's isolated world run there) while it
// receives 50,000 WebSocket frames with the built extension (`control`: 300 frames of the
// control-character flood, 100 KB of U+0001 each), and lists the hottest functions:
// `npx tsx bench/profile-capture.ts [chat|bare|control]`. Needs .output/chrome-mv3 (an unminified one
// names the functions: `ASI_NO_MINIFY=1 npm run build`).
import type http from 'node:http';
import { launchBrowser } from '../test/e2e/support/launch';
import { startTestServer } from '../test/e2e/support/server';
import { onSocket, page } from './capture-throughput';
import { profileHottestFunctions } from './cpu-profile';

const mode = process.argv[2] ?? 'chat';
const server = await startTestServer({
  routes: { '/bench.html': (_req: http.IncomingMessage, res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end(page(false)) },
  onWebSocket: onSocket,
});
const browser = await launchBrowser({ extension: true });
try {
  const tab = await browser.context.newPage();
  await tab.goto(`${server.origin}/bench.html?mode=${mode}`);
  const pathological = mode === 'control' || mode === 'binary';
  const frames = pathological ? 300 : 50_000;
  await tab.evaluate(`receiveAll(${pathological ? 50 : 2000})`);
  const stop = await profileHottestFunctions(tab);
  const ms = await tab.evaluate(`receiveAll(${frames})`);
  console.log(`received ${frames} frames in ${Number(ms).toFixed(0)} ms\n${await stop()}`);
} finally {
  await browser.close();
  await server.close();
}
