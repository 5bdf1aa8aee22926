// `npm run demo:langgraph [-- --port 5174]`: the LangGraph page and the official LangGraph server behind
// it, on 127.0.0.1.
import { startLangGraphDemo } from './demo-server';

const at = process.argv.indexOf('--port');
const port = Number(at >= 0 ? process.argv[at + 1] : (process.env.DEMO_LANGGRAPH_PORT ?? 5174));
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('Invalid port');
  process.exit(2);
}
const demo = await startLangGraphDemo({ port });
console.log(`LangGraph demo: ${demo.url} (buggy backends: ?buggy=metadata, interrupts, messages, state)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void demo.close().then(() => process.exit(0)));
}
