import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../model/decode';
import { CANCELLED_BY_PAGE, CLOSED_BY_PAGE, type Frame } from '../model/frame';
import { protocols } from '../protocols/registry';
import type { ProtocolDefinition } from '../protocols/types';
import { describeFrame } from './describe-frame';

const frame = (over: Partial<Frame>): Frame => ({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind: 'message', data: '', ...over });
const generic = (over: Partial<Frame>) => describeFrame(decodeFrame(frame(over)));

describe('describeFrame', () => {
  it('describes connection events, sends, [DONE], non-JSON text and typed JSON without a protocol', () => {
    expect(generic({ kind: 'open', data: '' })).toEqual({ event: 'open', category: 'lifecycle' });
    expect(generic({ kind: 'close', data: '1000 done' })).toEqual({ event: 'close', category: 'lifecycle', preview: '1000 done' });
    expect(generic({ kind: 'error', data: 'net::ERR_FAILED' })).toEqual({ event: 'connection error', category: 'error', preview: 'net::ERR_FAILED' });
    // The page's own abort (a Stop button) is where the stream ended, not a failure.
    expect(generic({ kind: 'error', data: 'AbortError: signal is aborted without reason' })).toEqual({ event: 'stopped by the page', category: 'lifecycle', preview: 'AbortError: signal is aborted without reason' });
    // So is a body it cancelled or an EventSource it closed: the same words as an abort, not "close".
    expect(generic({ kind: 'close', data: CANCELLED_BY_PAGE })).toEqual({ event: 'stopped by the page', category: 'lifecycle', preview: CANCELLED_BY_PAGE });
    expect(generic({ kind: 'close', data: CLOSED_BY_PAGE })).toEqual({ event: 'stopped by the page', category: 'lifecycle', preview: CLOSED_BY_PAGE });
    expect(generic({ direction: 'out', data: '{"type":"ping"}' })).toEqual({ event: 'send: ping', category: 'request', preview: '{"type":"ping"}' });
    expect(generic({ data: ' [DONE] ' })).toEqual({ event: '[DONE]', category: 'lifecycle' });
    expect(generic({ data: 'hello\nthere' })).toEqual({ event: '(text)', category: 'other', preview: 'hello there' });
    expect(generic({ data: '' })).toEqual({ event: '(empty)', category: 'other' });
    // A payload the capture cut: the event its head names, when it leads with a plain "type".
    expect(generic({ data: '{"type":"TOOL_CALL_ARGS","delta":"AAAA', truncated: { originalLength: 900_000 } }).event).toBe('TOOL_CALL_ARGS (cut off)');
    expect(generic({ data: ' { "type" : "response.output_text.delta", "del', truncated: { originalLength: 9_000 } }).event).toBe('response.output_text.delta (cut off)');
    for (const data of ['{"id":1,"type":"x","d":"', '{"type":"a\\u0041b","d', '{"type":"' + 'x'.repeat(61) + '"', '[{"type":"x"}', '{"choices":[{"del']) {
      expect(generic({ data, truncated: { originalLength: 9_000 } }).event).toBe('(cut off)');
    }
    expect(generic({ data: '{"type":"custom_event","x":1}' })).toEqual({ event: 'custom_event', category: 'other', preview: '{"type":"custom_event","x":1}' });
    expect(generic({ data: '[1,2]' })).toEqual({ event: '(json array)', category: 'other', preview: '[1,2]' });
  });

  it('falls back to the generic description when a protocol describer throws', () => {
    const broken = { ...protocols[0], describeFrame: () => { throw new Error('bug'); } } as ProtocolDefinition;
    expect(describeFrame(decodeFrame(frame({ data: '[DONE]' })), broken)).toEqual({ event: '[DONE]', category: 'lifecycle' });
  });

  it('never throws, and gives a one-line event for hostile payloads in every protocol', () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const hostile = [
      '{"type":{"toString":1}}',
      '{"choices":[{"delta":{"tool_calls":[null,{"index":"x","function":{"name":7}}]}}]}',
      '{"type":"content_block_delta","delta":{"type":"__proto__"}}',
      '{"type":"response.output_item.done","item":{"type":"constructor"}}',
      '0:{"toolName":{}}',
      deep,
      '{"type":"RUN_FINISHED","outcome":{"type":"interrupt","interrupts":"no"}}',
    ];
    for (const def of protocols) {
      for (const data of hostile) {
        const d = describeFrame(decodeFrame(frame({ data })), def);
        expect(typeof d.event).toBe('string');
        expect(d.event).not.toMatch(/\n/);
        expect(d.preview === undefined || d.preview.length <= 120).toBe(true);
      }
    }
  });

  it('is what every registered protocol uses', () => {
    for (const def of protocols) expect(def.describeFrame, def.id).toBeTypeOf('function');
  });
});
