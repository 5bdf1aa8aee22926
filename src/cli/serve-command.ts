// `serve FILE…`: the replay server on the command line. Prints the URL map when ready, one line per request,
// and stops on Ctrl+C (SIGINT) or SIGTERM.
import { EXIT, type Command, type ParsedValues } from './command';
import { COMMON_HELP } from './common-options';
import type { Output } from './output';
import { FaultSyntaxError, parseCloseCode, parseDelay, parseFrameList, parseFrameNumber } from '../serve/faults';
import { ReplayInputError } from '../serve/load-inputs';
import { routeMap } from '../serve/route-map';
import { startReplayServer } from '../serve/server';
import type { ReplayFaults, ReplayOptions } from '../serve/types';

const USAGE = `Usage: agent-stream-inspector serve [options] [faults] FILE...

A mock server answering what the captures recorded, at the recorded method + path: streaming HTTP
frame by frame with the recorded timing, WebSocket choreography, History API responses. CORS is
open. Prints the URL of each route when ready and a line per request; stops on Ctrl+C.

Options:
      --port N        port to listen on (default 0: any free port, printed)
      --host ADDR     address to listen on (default 127.0.0.1)
      --speed X       play X times as fast as recorded (default 1)
      --no-delay      send each frame as soon as the choreography allows (not with --speed)
      --loop          start a route over once every recorded answer on it was served (else 404)

Faults (N is the 1-based frame number, as check prints it):
      --cut-after N   close the connection right after frame N
      --drop N[,N…]   never send frame N (repeatable)
      --duplicate N   send frame N twice (repeatable)
      --delay N:MS    wait MS more milliseconds before frame N (repeatable)
      --close-code CODE
                      close WebSockets with CODE (at --cut-after, where the recording closed, or
                      at the end)
      --stall-after N send nothing after frame N and keep the connection open

Other:
${COMMON_HELP}

Exit 0 when stopped; 2: bad options, an input cannot be read or the address cannot be listened on;
3: the tool failed.
`;

export const serveCommand: Command = {
  name: 'serve',
  summary: 'replay captured sessions as a mock server (HTTP streams, WebSocket, History API)',
  usage: USAGE,
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    speed: { type: 'string' },
    'no-delay': { type: 'boolean' },
    loop: { type: 'boolean' },
    'cut-after': { type: 'string' },
    drop: { type: 'string', multiple: true },
    duplicate: { type: 'string', multiple: true },
    delay: { type: 'string', multiple: true },
    'close-code': { type: 'string' },
    'stall-after': { type: 'string' },
  },
  run: (args, out) => runServe(args, out, untilSignal()),
};

/** Runs the server until `stop` settles; the exit code is 2 for bad options or unreadable inputs, else 0. */
export async function runServe(args: { values: ParsedValues; positionals: string[] }, out: Output, stop: Promise<unknown>): Promise<number> {
  let options: ReplayOptions;
  try {
    options = serveOptions(args.values, args.positionals);
  } catch (err) {
    if (!(err instanceof FaultSyntaxError)) throw err;
    out.stderr(`agent-stream-inspector serve: ${err.message}\n`);
    return EXIT.unreadable;
  }
  options.log = (line) => out.stdout(`${line}\n`);
  // Not refused (a test rig on another machine may need it), but a capture holds what a page received.
  if (!LOOPBACK.has(options.host ?? '')) out.stderr(`warning: listening on ${options.host ?? ''}, reachable beyond this machine\n`);
  let server;
  try {
    server = await startReplayServer(options);
  } catch (err) {
    if (err instanceof ReplayInputError) {
      out.stderr(`${err.message}\n`);
      return EXIT.unreadable;
    }
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      out.stderr(`agent-stream-inspector serve: cannot listen on ${options.host}:${options.port} (${code})\n`);
      return EXIT.unreadable;
    }
    throw err;
  }
  if (server.routes.length === 0) out.stderr('agent-stream-inspector serve: the inputs hold no recorded answer to replay\n');
  out.stdout(routeMap(server));
  out.stdout('Ready. Ctrl+C stops.\n');
  await stop;
  await server.close();
  const differences = server.differences.length;
  out.stdout(`Stopped. ${differences} difference(s) between what clients sent and the recording.\n`);
  return EXIT.ok;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export function serveOptions(values: ParsedValues, files: string[]): ReplayOptions {
  if (files.length === 0) throw new FaultSyntaxError('serve needs at least one FILE');
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const list = (name: string) => (Array.isArray(values[name]) ? (values[name] as unknown[]).filter((v): v is string => typeof v === 'string') : []);
  const options: ReplayOptions = { captures: files, host: text('host') ?? '127.0.0.1', port: 0 };
  const port = text('port');
  if (port !== undefined) {
    if (!/^\d+$/.test(port) || Number(port) > 65535) throw new FaultSyntaxError(`--port takes 0-65535, not ${JSON.stringify(port)}`);
    options.port = Number(port);
  }
  const speed = text('speed');
  if (speed !== undefined) {
    if (values['no-delay'] === true) throw new FaultSyntaxError('--speed and --no-delay exclude each other');
    const x = Number(speed);
    if (!(x > 0) || !Number.isFinite(x)) throw new FaultSyntaxError(`--speed takes a positive number, not ${JSON.stringify(speed)}`);
    options.speed = x;
  }
  if (values['no-delay'] === true) options.noDelay = true;
  if (values.loop === true) options.loop = true;
  const faults: ReplayFaults = {};
  const cut = text('cut-after');
  if (cut !== undefined) faults.cutAfter = parseFrameNumber('--cut-after', cut);
  const stall = text('stall-after');
  if (stall !== undefined) faults.stallAfter = parseFrameNumber('--stall-after', stall);
  const drop = parseFrameList('--drop', list('drop'));
  if (drop.length > 0) faults.drop = drop;
  const duplicate = parseFrameList('--duplicate', list('duplicate'));
  if (duplicate.length > 0) faults.duplicate = duplicate;
  const delay = list('delay').map(parseDelay);
  if (delay.length > 0) faults.delay = delay;
  const closeCode = text('close-code');
  if (closeCode !== undefined) faults.closeCode = parseCloseCode(closeCode);
  if (Object.keys(faults).length > 0) options.faults = faults;
  return options;
}

/** Settles on the first SIGINT or SIGTERM, and stops listening for both. */
function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}
