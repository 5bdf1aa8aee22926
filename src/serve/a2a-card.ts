// A2A clients start from the agent's card (`<base>/.well-known/agent-card.json`), which names the
// JSON-RPC endpoint they post to. A capture holds the conversation's calls but seldom the card (the
// extension keeps streams and history reads, not a card fetch), and a recorded card would name the
// recorded origin. So where a capture holds A2A JSON-RPC calls, a card request that no recording answers
// gets a card of the replay's own: the recorded endpoint at the origin the client reached the replay at,
// in the shape of the version the calls speak (v1.0 `SendStreamingMessage`, v0.3 `message/stream`).
import { A2A_METHODS } from '../protocols/a2a/schema';
import type { RecordedAnswer } from './routes';

export interface A2aEndpoint {
  /** The recorded JSON-RPC path, e.g. `/a2a/clean/rpc`. */
  path: string;
  version: '1.0' | '0.3';
  source: string;
}

/** Where cards are asked for: the current name, and v0.3's earlier one. */
const CARD_FILES = ['/.well-known/agent-card.json', '/.well-known/agent.json'];

/** The JSON-RPC endpoints the captures' A2A calls were posted to, in recorded order, each once. */
export function a2aEndpoints(answers: readonly RecordedAnswer[]): A2aEndpoint[] {
  const endpoints: A2aEndpoint[] = [];
  for (const answer of answers) {
    if (answer.route.method !== 'POST') continue;
    const method = jsonRpcMethod(answer.connection.requestBody);
    if (method === undefined || !Object.hasOwn(A2A_METHODS, method)) continue;
    const path = answer.key.slice('POST '.length);
    if (!endpoints.some((e) => e.path === path)) endpoints.push({ path, version: method.includes('/') ? '0.3' : '1.0', source: answer.route.source });
  }
  return endpoints;
}

function jsonRpcMethod(body: string | undefined): string | undefined {
  if (!body || !body.includes('"jsonrpc"')) return undefined;
  try {
    const parsed = JSON.parse(body) as unknown;
    const method = typeof parsed === 'object' && parsed !== null ? (parsed as { method?: unknown }).method : undefined;
    return typeof method === 'string' ? method : undefined;
  } catch {
    return undefined;
  }
}

/** The endpoint a card request at `pathname` names: the first below the card's base path; undefined for other paths. */
export function endpointForCard(pathname: string, endpoints: readonly A2aEndpoint[]): A2aEndpoint | undefined {
  const file = CARD_FILES.find((f) => pathname.endsWith(f));
  if (file === undefined) return undefined;
  const base = pathname.slice(0, -file.length);
  return endpoints.find((e) => e.path.startsWith(`${base}/`));
}

/** The card naming `endpoint` at `origin` (`http://127.0.0.1:PORT`). */
export function a2aCard(endpoint: A2aEndpoint, origin: string): Record<string, unknown> {
  const url = origin + endpoint.path;
  const about = {
    name: 'Replayed agent',
    description: `Answers what ${endpoint.source} recorded (agent-stream-inspector serve).`,
    version: '1.0.0',
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
  };
  if (endpoint.version === '0.3') {
    return { ...about, protocolVersion: '0.3.0', url, preferredTransport: 'JSONRPC', capabilities: { streaming: true, pushNotifications: false } };
  }
  return {
    ...about,
    supportedInterfaces: [{ url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
    capabilities: { streaming: true, pushNotifications: false, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    signatures: [],
  };
}
