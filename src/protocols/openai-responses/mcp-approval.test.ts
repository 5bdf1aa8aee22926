// MCP approvals and calls render their arguments as values: the Responses API sends them as JSON text,
// which must not be shown quoted a second time, and it gives no approval timeout.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApprovalItem, ToolItem, ViewItem } from '../../model/view';
import { renderText } from '../../model/render-text';
import { readInput } from '../../readers/read-input';
import { frames, numbered, runResponses } from './test-helpers';

const CORPUS = path.resolve(__dirname, '../../../../shared/corpus/vercel-ai');
const ARGS = { alias: '', description: 'Shortened link for ai-sdk.dev', max_clicks: 100, password: '', url: 'https://ai-sdk.dev/' };
const ARGS_TEXT = JSON.stringify(ARGS);

const approvals = (items: readonly ViewItem[]) => items.filter((i): i is ApprovalItem => i.kind === 'approval');
const tools = (items: readonly ViewItem[]) => items.filter((i): i is ToolItem => i.kind === 'tool');

function expectReadable(view: ReturnType<typeof runResponses>['view']): void {
  const [approval] = approvals(view.items);
  expect(approval?.actions).toEqual([{ name: 'create_short_url', args: ARGS }]);
  expect(approval?.timeoutSeconds).toBeUndefined();
  const text = renderText(view);
  expect(text).toContain(`  create_short_url: ${ARGS_TEXT}\n`);
  expect(text).not.toContain('\\"');
  expect(text).not.toMatch(/times out after/);
}

describe('openai-responses MCP approval (inline)', () => {
  const request = { type: 'mcp_approval_request', id: 'mcpr_1', name: 'create_short_url', server_label: 'zip1', arguments: ARGS_TEXT };
  const created = { type: 'response.created', response: { id: 'resp_1', status: 'in_progress', output: [] } };
  const completed = { type: 'response.completed', response: { id: 'resp_1', status: 'completed', output: [request] } };

  it('shows the approval arguments as a value and no timeout', () => {
    const { view } = runResponses(
      frames(numbered([created, { type: 'response.output_item.added', output_index: 0, item: request }, { type: 'response.output_item.done', output_index: 0, item: request }, completed])),
    );
    expectReadable(view);
  });

  it('keeps arguments that are not JSON as the text sent', () => {
    const odd = { ...request, arguments: '{not json' };
    const { view } = runResponses(frames(numbered([created, { type: 'response.output_item.added', output_index: 0, item: odd }])));
    expect(approvals(view.items)[0]?.actions[0]?.args).toBe('{not json');
  });

  it('shows an MCP call’s JSON output as a value', () => {
    const call = { type: 'mcp_call', id: 'mcp_1', name: 'create_short_url', server_label: 'zip1', arguments: ARGS_TEXT, output: '{"short_url":"https://zip1.io/abc"}', status: 'completed' };
    const { view } = runResponses(frames(numbered([created, { type: 'response.output_item.added', output_index: 0, item: { ...call, arguments: '', output: null, status: 'in_progress' } }, { type: 'response.output_item.done', output_index: 0, item: call }])));
    const [tool] = tools(view.items);
    expect(tool?.input).toEqual(ARGS);
    expect(tool?.result).toEqual({ short_url: 'https://zip1.io/abc' });
  });
});

describe.skipIf(!existsSync(CORPUS))('openai-responses MCP approval (vercel/ai recordings; skipped when ../shared/corpus is absent)', () => {
  const read = (name: string) => {
    const { capture } = readInput(readFileSync(path.join(CORPUS, name), 'utf8'));
    return runResponses(capture.frames);
  };

  it.each(['openai_responses_openai-mcp-tool-approval.1.jsonl', 'openai_responses_openai-mcp-tool-approval.3.jsonl'])('%s: the approval shows readable arguments and no timeout', (name) => {
    expectReadable(read(name).view);
  });

  it('openai_responses_openai-mcp-tool-approval.4.jsonl: the approved MCP call has its arguments as a value', () => {
    const [tool] = tools(read('openai_responses_openai-mcp-tool-approval.4.jsonl').view.items).filter((t) => t.name === 'create_short_url');
    expect(tool?.input).toEqual(ARGS);
  });
});
