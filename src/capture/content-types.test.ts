import { describe, expect, it } from 'vitest';
import { acceptsStream, classifyContentType } from './content-types';

describe('classifyContentType', () => {
  it.each([
    ['text/event-stream', 'sse'],
    ['Text/Event-Stream; charset=utf-8', 'sse'],
    ['application/x-ndjson', 'ndjson'],
    ['application/ndjson', 'ndjson'],
    ['application/jsonl', 'ndjson'],
    ['application/json-seq', 'ndjson'],
    ['application/x-jsonlines', 'ndjson'],
    ['application/stream+json', 'ndjson'],
    ['application/json', 'json'],
    ['application/problem+json; charset=utf-8', 'json'],
    ['text/html', undefined],
    ['text/plain', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s → %s', (type, kind) => {
    expect(classifyContentType(type)).toBe(kind);
  });

  it('taps an AI SDK v4 data stream (text/plain) by its x-vercel-ai-data-stream header, one frame per line', () => {
    expect(classifyContentType('text/plain; charset=utf-8', 'v1')).toBe('ndjson');
    expect(classifyContentType('text/plain; charset=utf-8', null)).toBeUndefined();
  });
});

describe('classifyContentType spellings', () => {
  it.each([
    ['application/x-ldjson', 'ndjson'],
    ['application/vnd.api.v1+stream+json', 'ndjson'],
    ['application/vnd.api+json', 'json'],
    ['application/+json', undefined],
    ['application/a b+json', undefined],
    ['application/xjsonl', undefined],
    ['text/json', undefined],
  ])('%s → %s', (type, kind) => {
    expect(classifyContentType(type)).toBe(kind);
  });
});

describe('acceptsStream', () => {
  it.each([
    ['text/event-stream', true],
    ['application/json, text/event-stream', true],
    ['application/json,Text/Event-Stream;q=0.9', true],
    ['application/x-ndjson', true],
    ['application/json', false],
    ['*/*', false],
    ['text/html,application/xhtml+xml,*/*;q=0.8', false],
    ['', false],
    [null, false],
  ])('%s → %s', (accept, stream) => {
    expect(acceptsStream(accept)).toBe(stream);
  });
});
