// Advisory rules from the AG-UI docs that the TS verifier does not enforce (warnings): reasoning nesting,
// step order, empty deltas, interrupt contracts, one terminal event per run, and a run left open.
import { EventType } from '@ag-ui/core';
import type { AguiEvent } from './schema';
import type { Report } from './apply';

export class Advisor {
  /** Open reasoning spans by id, with the frame that opened each. */
  private readonly spans = new Map<string, number>();
  private readonly steps: string[] = [];
  private ended = false;

  /** `synthetic`: built by chunk expansion, so an empty delta there is not the producer's. */
  check(event: AguiEvent, synthetic: boolean, frame: number, report: Report): void {
    switch (event.type) {
      case EventType.RUN_STARTED:
        // Clearing an empty Map still allocates a new table: most runs open nothing to clear.
        if (this.spans.size > 0) this.spans.clear();
        if (this.steps.length > 0) this.steps.length = 0;
        this.ended = false;
        return;
      case EventType.RUN_FINISHED:
      case EventType.RUN_ERROR:
        if (this.ended) report('second-terminal-event', `${event.type} arrives for a run that has already ended; each RUN_STARTED gets exactly one RUN_FINISHED or RUN_ERROR.`);
        this.ended = true;
        if (this.spans.size > 0) this.spans.clear();
        if (event.type === EventType.RUN_FINISHED && event.outcome?.type === 'interrupt') {
          for (const interrupt of event.outcome.interrupts) {
            if (interrupt.reason === 'tool_call' && !interrupt.toolCallId) {
              report('interrupt-missing-tool-call-id', `Interrupt '${interrupt.id}' has reason "tool_call" but no toolCallId naming the paused call.`);
            }
          }
        }
        return;
      case EventType.REASONING_START:
        this.spans.set(event.messageId, frame);
        return;
      case EventType.REASONING_END:
        this.spans.delete(event.messageId);
        return;
      case EventType.REASONING_MESSAGE_START:
        if (!this.spans.has(event.messageId)) {
          report('reasoning-message-outside-reasoning', `REASONING_MESSAGE_START '${event.messageId}' is not inside a REASONING_START/REASONING_END span with the same messageId.`);
        }
        return;
      case EventType.STEP_STARTED:
        this.steps.push(event.stepName);
        return;
      case EventType.STEP_FINISHED: {
        const at = this.steps.lastIndexOf(event.stepName);
        if (at < 0) return;
        if (at !== this.steps.length - 1) {
          report('step-finished-out-of-order', `STEP_FINISHED "${event.stepName}" closes an outer step while "${this.steps[this.steps.length - 1]}", started after it, is still active.`);
        }
        this.steps.splice(at, 1);
        return;
      }
      case EventType.TEXT_MESSAGE_CONTENT:
      case EventType.REASONING_MESSAGE_CONTENT:
        if (!synthetic && event.delta === '') report('empty-delta', `${event.type} for '${event.messageId}' has an empty delta; the docs require a non-empty one and clients before 0.0.49 reject it.`);
        return;
      case 'THINKING_TEXT_MESSAGE_CONTENT':
        if (event.delta === '') report('empty-delta', 'THINKING_TEXT_MESSAGE_CONTENT has an empty delta.');
        return;
      default:
        return;
    }
  }

  /** What only the end of the input reveals: each open span, with the frame that opened it. */
  finish(report: (rule: 'reasoning-not-ended', message: string, frame: number) => void): void {
    if (this.spans.size === 0) return;
    for (const [id, frame] of this.spans) report('reasoning-not-ended', `REASONING_START '${id}' is never matched by a REASONING_END.`, frame);
    this.spans.clear();
  }
}
