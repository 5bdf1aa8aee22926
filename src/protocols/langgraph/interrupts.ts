// An interrupt (`interrupt()` in a node: `__interrupt__` in values and updates, a task's `interrupts`)
// as the rendering draws it: a human-in-the-loop request (`action_requests` with `review_configs`, as
// langchain's humanInTheLoopMiddleware raises it, camelCase or snake_case as the SDK accepts both) is
// an approval of those actions; any other value is a question whose text is the value.
import { safeJson } from '../../model/safe-text';
import type { ApprovalItem, QuestionItem } from '../../model/view';
import { isRecord } from '../shared/view-helpers';
import type { LangGraphInterrupt } from './schema';

const TEXT_MAX = 2000;

export function interruptItem(interrupt: LangGraphInterrupt, key: string, frame: number): ApprovalItem | QuestionItem {
  const value = interrupt.value;
  const record = isRecord(value) ? value : undefined;
  const requests = record ? (record.action_requests ?? record.actionRequests) : undefined;
  if (Array.isArray(requests)) {
    const configs = record?.review_configs ?? record?.reviewConfigs;
    const allowed: Record<string, string[]> = {};
    if (Array.isArray(configs)) {
      for (const c of configs) {
        if (!isRecord(c)) continue;
        const name = c.action_name ?? c.actionName;
        const decisions = c.allowed_decisions ?? c.allowedDecisions;
        if (typeof name === 'string' && Array.isArray(decisions)) allowed[name] = decisions.filter((d): d is string => typeof d === 'string');
      }
    }
    const actions = requests.filter(isRecord).map((r) => ({ name: typeof r.name === 'string' ? r.name : '', args: r.args }));
    return { kind: 'approval', id: `interrupt-${key}`, frames: [frame], key, actions, allowed };
  }
  return {
    kind: 'question',
    id: `interrupt-${key}`,
    frames: [frame],
    key,
    questions: [{ question: questionText(value), multiSelect: false, options: [] }],
    state: 'waiting',
    resolved: false,
  };
}

function questionText(value: unknown): string {
  if (typeof value === 'string') return value.slice(0, TEXT_MAX);
  if (isRecord(value)) {
    for (const field of ['question', 'message', 'prompt', 'description']) {
      const text = value[field];
      if (typeof text === 'string') return text.slice(0, TEXT_MAX);
    }
  }
  return safeJson(value, { maxLength: TEXT_MAX });
}
