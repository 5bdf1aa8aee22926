import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isHistoryFrame } from '../../analysis/history-live';
import { decodeFrame } from '../../model/decode';
import type { Frame } from '../../model/frame';
import { readInputFile } from '../../readers/read-input-file';
import { HISTORY_HINTS } from './history-hint';

const frame = (data: string): Frame => ({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind: 'message', data });

describe('history hints', () => {
  it('let through every flat-block history read of the testdata and examples, and leave out stream events', async () => {
    const hint = HISTORY_HINTS['flat-block']!;
    const files = [
      ...fs.readdirSync('src/protocols/flat-block/testdata').map((f) => path.join('src/protocols/flat-block/testdata', f)),
      ...fs.readdirSync('examples').filter((f) => f.startsWith('flat-block')).map((f) => path.join('examples', f)),
    ];
    let history = 0;
    for (const file of files) {
      const { capture } = await readInputFile(file);
      for (const f of capture.frames) {
        if (f.encoding === 'base64' || !isHistoryFrame('flat-block', decodeFrame(f))) continue;
        history++;
        expect(hint(f.data), `${file} frame ${f.index}`).toBe(true);
      }
    }
    expect(history).toBeGreaterThanOrEqual(4);
    expect(hint('{"type":"content_block_delta","index":0,"delta":{"text":"hi"}}')).toBe(false);
    expect(hint('{"type":"message_start","message":{"message_type":"chat"}}')).toBe(false);
  });

  it('let through history reads written in ways the testdata does not show (an escaped key, leading white space)', () => {
    const hint = HISTORY_HINTS['flat-block']!;
    for (const data of ['{"\\u006dessages":[{"role":"user","content":"x"}]}', ' \n[{"role":"user","content":"x"}]', '{"agent_status":"idle","messages":[]}']) {
      expect(isHistoryFrame('flat-block', decodeFrame(frame(data))), data).toBe(true);
      expect(hint(data), data).toBe(true);
    }
  });
});
