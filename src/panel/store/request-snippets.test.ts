import { describe, expect, it } from 'vitest';
import type { Connection } from '../../model/frame';
import { curlCommand, fetchCall } from './request-snippets';

const connection: Connection = {
  id: 'c1',
  transport: 'sse',
  url: 'http://127.0.0.1:5173/v1/chat/completions?api_key=sk-abc',
  method: 'post',
  requestHeaders: { authorization: 'Bearer sk-live-123', 'content-type': 'application/json', 'content-length': '42' },
  requestBody: `{"model":"gpt-4o","messages":[{"role":"user","content":"it's me"}]}`,
};

describe('copy as cURL / fetch', () => {
  it('quotes for the shell, drops headers the browser sets, and redacts by default', () => {
    expect(curlCommand(connection, { redact: true })).toBe(
      [
        "curl 'http://127.0.0.1:5173/v1/chat/completions?api_key=[REDACTED]'",
        '-X POST',
        "-H 'authorization: [REDACTED]'",
        "-H 'content-type: application/json'",
        `--data-raw '{"model":"gpt-4o","messages":[{"role":"user","content":"it'\\''s me"}]}'`,
        '--no-buffer',
      ].join(' \\\n  '),
    );
  });

  it('keeps secrets when asked to', () => {
    const text = curlCommand(connection, { redact: false });
    expect(text).toContain("-H 'authorization: Bearer sk-live-123'");
    expect(text).toContain('api_key=sk-abc');
  });

  it('writes a fetch call whose init parses back to the request', () => {
    const text = fetchCall(connection, { redact: false });
    const m = /^fetch\((".*?"), ([\s\S]*)\);$/.exec(text);
    expect(m).not.toBeNull();
    expect(JSON.parse(m![1]!)).toBe(connection.url);
    expect(JSON.parse(m![2]!)).toEqual({
      method: 'POST',
      headers: { authorization: 'Bearer sk-live-123', 'content-type': 'application/json' },
      body: connection.requestBody,
    });
  });

  it('is a GET without a body when the request had none', () => {
    const text = curlCommand({ id: 'c2', transport: 'eventsource', url: 'http://127.0.0.1/events' }, { redact: true });
    expect(text).toBe("curl 'http://127.0.0.1/events' \\\n  --no-buffer");
  });
});
