// WebSocket sessions: AG-UI (the client sends a RunAgentInput as a JSON text frame) and the OpenAI
// Responses WebSocket mode (the client sends `{"type": "response.create", …}`). Each request is
// answered with the fixture's events as JSON text frames; several requests on one socket play in turn.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { fixtureFrames } from './fixture-frames';
import { playFrames } from './play';
import { protocolSessions, type ProtocolSession } from './sessions';

export interface ProtocolSockets {
  /** Takes the upgrade when its path is a protocol WebSocket session; false otherwise. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
}

export function createProtocolSockets(delayScale: number): ProtocolSockets {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  return {
    upgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const session = protocolSessions.find((s) => s.transport === 'websocket' && s.path === url.pathname);
      if (!session) return false;
      const buggy = url.searchParams.get('buggy') === '1';
      wss.handleUpgrade(req, socket, head, (ws) => serve(ws, session, buggy, delayScale));
      return true;
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function serve(ws: WebSocket, session: ProtocolSession, buggy: boolean, delayScale: number): void {
  let queue = Promise.resolve();
  ws.on('message', (raw: RawData, isBinary: boolean) => {
    const problem = isBinary ? 'expected a JSON text frame' : checkRequest(session, raw.toString());
    if (problem) return ws.close(1008, problem);
    queue = queue.then(() => play(ws, session, buggy, delayScale)).catch(() => ws.terminate());
  });
}

async function play(ws: WebSocket, session: ProtocolSession, buggy: boolean, delayScale: number): Promise<void> {
  const frames = await fixtureFrames(buggy ? session.buggyFixture : session.fixture);
  const gone = () => ws.readyState !== WebSocket.OPEN;
  await playFrames(frames, delayScale, (f) => ws.send(f.data), gone);
}

/** Why a client frame is not a request this session answers, or undefined when it is one. */
function checkRequest(session: ProtocolSession, text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'expected a JSON object';
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'expected a JSON object';
  const type = (value as { type?: unknown }).type;
  if (session.id === 'openai-responses' && type !== 'response.create') return 'expected {"type": "response.create", …}';
  return undefined;
}
