import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalItem } from '../../../model/view';
import { mount, unmount } from '../../../../test/unit/panel-support';
import { ApprovalView } from './ApprovalView';

let container: HTMLElement | undefined;
afterEach(() => {
  if (container) unmount(container);
  container = undefined;
});

const base: ApprovalItem = { kind: 'approval', id: 'a1', frames: [3], key: 'mcpr_1', actions: [], allowed: { create_short_url: ['approve', 'reject'] } };

describe('ApprovalView', () => {
  it('shows object arguments as compact JSON and says nothing of a timeout the protocol does not give', () => {
    container = mount(<ApprovalView item={{ ...base, actions: [{ name: 'create_short_url', args: { url: 'https://ai-sdk.dev/', max_clicks: 100 } }] }} />);
    expect(container.querySelector('.approval-args')?.textContent).toBe('{"url":"https://ai-sdk.dev/","max_clicks":100}');
    expect(container.querySelector('.approval-outcome')?.textContent).toBe('Waiting for the user');
  });

  it('shows string arguments as sent, not quoted again, and a known timeout', () => {
    container = mount(<ApprovalView item={{ ...base, timeoutSeconds: 300, actions: [{ name: 'create_short_url', args: '{"url":"https://ai-sdk.dev/"}' }] }} />);
    expect(container.querySelector('.approval-args')?.textContent).toBe('{"url":"https://ai-sdk.dev/"}');
    expect(container.querySelector('.approval-outcome')?.textContent).toBe('Waiting for the user (times out after 300 s)');
  });
});
