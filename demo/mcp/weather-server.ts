// The demo's MCP server: the official SDK's McpServer with two tools, one that reports progress while
// it works (get_weather) and one that asks the user through an elicitation (book_trip). A fresh server
// per MCP session, as a server behind Streamable HTTP runs one per session id.
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';

export const CITIES = ['Oslo', 'Paris'] as const;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `delayScale` 1 spaces get_weather's three progress steps 400 ms apart; 0 sends them at once. */
export function weatherServer(delayScale: number): McpServer {
  const server = new McpServer({ name: 'demo-weather', version: '1.0.0' });
  server.registerTool('get_weather', { description: 'Weather for a city, in three steps', inputSchema: { city: z.string() } }, async ({ city }, extra) => {
    const token = extra._meta?.progressToken;
    for (const step of [1, 2, 3]) {
      await pause(400 * delayScale);
      if (token !== undefined) {
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, total: 3, message: `step ${step} of 3` } });
      }
    }
    return { content: [{ type: 'text', text: `Sunny in ${city}, 21 °C` }] };
  });
  server.registerTool('book_trip', { description: 'Books a trip after asking the user where to' }, async (extra) => {
    const answer = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: {
          message: 'Where to?',
          requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City', enum: [...CITIES] } }, required: ['city'] },
        },
      },
      ElicitResultSchema,
    );
    const city = answer.action === 'accept' && typeof answer.content?.city === 'string' ? answer.content.city : undefined;
    return { content: [{ type: 'text', text: city ? `Booked a trip to ${city}` : 'No trip booked' }] };
  });
  return server;
}
