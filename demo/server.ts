// `npm run demo [-- --port 5173] [--delay-scale 1]`: serves the demo agent site on 127.0.0.1.
import { startDemoServer } from './server-core';

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  const arg = args[at]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[at + 1];
}

const port = Number(option('port') ?? process.env.DEMO_PORT ?? 5173);
const delayScale = Number(option('delay-scale') ?? 1);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${option('port') ?? process.env.DEMO_PORT}`);
  process.exit(2);
}

const server = await startDemoServer({ port, host: '127.0.0.1', delayScale: Number.isFinite(delayScale) && delayScale >= 0 ? delayScale : 1 });
console.log(`Agent Stream Inspector demo: ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
