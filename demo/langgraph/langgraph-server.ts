// The official LangGraph server (@langchain/langgraph-api, the in-memory server behind `langgraph dev`)
// started in this process on 127.0.0.1 with the demo's graph (graph.mjs). Its storage goes to a
// temporary folder, so every start begins with no threads. The server keeps its graphs and storage in
// module state: one per process.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LangGraphServer {
  /** `http://127.0.0.1:PORT`, the API root the SDK's Client takes as `apiUrl`. */
  url: string;
  close(): Promise<void>;
}

const GRAPH_FILE = fileURLToPath(new URL('./graph.mjs', import.meta.url));
export const ASSISTANT_ID = 'agent';

let running: Promise<LangGraphServer> | undefined;

export function startLangGraphServer(): Promise<LangGraphServer> {
  running ??= start();
  return running;
}

async function start(): Promise<LangGraphServer> {
  // The server logs every request through winston; errors are enough here. (It also warns that it cannot
  // read the LangGraph packages' versions from the temporary folder it runs in: they are pinned here.)
  process.env.LOG_LEVEL ??= 'error';
  const cwd = await mkdtemp(path.join(tmpdir(), 'asi-langgraph-'));
  const { startServer } = await import('@langchain/langgraph-api/server');
  const { host, cleanup } = await startServer({ port: 0, nWorkers: 2, host: '127.0.0.1', cwd, graphs: { [ASSISTANT_ID]: `${GRAPH_FILE}:graph` } });
  return {
    url: `http://${host}`,
    async close() {
      await cleanup();
      running = undefined;
      await rm(cwd, { recursive: true, force: true });
    },
  };
}
