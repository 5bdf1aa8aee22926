// The table the server prints when it is ready: every recorded answer at its full URL.
import type { ReplayRoute, ReplayServer } from './types';

export function routeMap(server: Pick<ReplayServer, 'url' | 'routes'>): string {
  const ws = server.url.replace(/^http/, 'ws');
  const rows = server.routes.map((r: ReplayRoute) => [
    r.method === '*' ? 'ANY' : r.method,
    `${r.method === 'WS' ? ws : server.url}${r.path}`,
    r.kind,
    `${r.frames} frame${r.frames === 1 ? '' : 's'}`,
    `${r.source} (${r.connectionId})`,
  ]);
  const widths = [0, 1, 2, 3].map((col) => rows.reduce((w, row) => Math.max(w, (row[col] as string).length), 0));
  const lines = rows.map((row) => row.map((cell, col) => (col < 4 ? cell.padEnd(widths[col] as number) : cell)).join('  '));
  return `Replaying ${rows.length} recorded answer(s) at ${server.url}\n${lines.map((l) => `  ${l}`).join('\n')}\n`;
}
