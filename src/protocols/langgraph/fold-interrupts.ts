// The thread's interrupts in the view, one item per interrupt id (or value, when it has none), and
// their answers: a run that resumes the thread (`command.resume`) answers the ones still waiting.
import type { FindingSink } from '../../model/finding';
import type { Connection, Frame } from '../../model/frame';
import { safeJson } from '../../model/safe-text';
import { addFrame, describeIssues, isRecord } from '../shared/view-helpers';
import { requestJson } from '../shared/request-prompt';
import { interruptItem } from './interrupts';
import { LANGGRAPH_RULES as R } from './rules';
import { InterruptSchema } from './schema';
import type { State } from './fold-state';

export function addInterrupts(state: State, list: readonly unknown[], frame: Frame, sink: FindingSink): void {
  for (let i = 0; i < list.length; i++) {
    const parsed = InterruptSchema.safeParse(list[i]);
    if (!parsed.success) {
      sink.report(R.invalidEvent, `an interrupt is not valid: ${describeIssues(parsed.error.issues)}`, [frame.index]);
      continue;
    }
    const interrupt = parsed.data;
    let key = interrupt.id ?? undefined;
    if (!key) {
      key = `value:${safeJson(interrupt.value, { maxLength: 500 })}`;
      if (!state.interrupts.has(key)) sink.report(R.interruptWithoutId, 'an interrupt without id: a resume cannot name it', [frame.index]);
    }
    const known = state.interrupts.get(key);
    if (known) {
      addFrame(known.frames, frame.index);
      continue;
    }
    const item = interruptItem(interrupt, key, frame.index);
    state.interrupts.set(key, item);
    state.model.items.push(item);
  }
}

/** A run that resumes the thread (`command.resume`) answers the interrupts still waiting. */
export function answerInterrupts(state: State, connection: Connection): void {
  const body = requestJson(connection);
  if (!isRecord(body) || !isRecord(body.command) || !('resume' in body.command)) return;
  const resume = body.command.resume;
  for (const [key, item] of state.interrupts) {
    const answer = isRecord(resume) && key in resume ? resume[key] : resume;
    const text = typeof answer === 'string' ? answer : safeJson(answer, { maxLength: 200 });
    if (item.kind === 'approval' && !item.outcome) item.outcome = { type: 'decided', decisions: [text] };
    if (item.kind === 'question' && item.state === 'waiting') {
      item.state = 'answered';
      item.answers = { [item.questions[0]?.question ?? '']: text };
    }
  }
}

