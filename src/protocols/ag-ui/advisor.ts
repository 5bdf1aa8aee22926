// Advisory rules from the AG-UI docs that the TS verifier does not enforce (warnings): reasoning nesting,
// step order, empty deltas, interrupt contracts, one terminal event per run, and a run left open.
import { EventType } from '@ag-ui/core';
import { Code, typeName } from './event-types';
import type { AguiEvent, EventOf } from './schema';
import type { FindingSink } from '../../model/finding';
import type { Reporter } from './apply';
import { ruleId } from './rules';
import { SmallMap } from '../shared/small-map';

export class Advisor {
  // Made when first needed: a session is often short, and what each new fold allocates shows.
  /** Open reasoning spans by id, with the frame that opened each. */
  private spans: SmallMap<number> | undefined;
  private steps: string[] | undefined;
  private ended = false;

  /** `code`: the event's type (event-types.ts); `synthetic`: built by chunk expansion, so an empty delta there is not the producer's. */
  check(event: AguiEvent, code: Code, synthetic: boolean, frame: number, reporter: Reporter): void {
    switch (code) {
      case Code.RUN_STARTED: {
        // Clearing an empty Map still allocates a new table: most runs open nothing to clear.
        if (this.spans !== undefined && this.spans.size > 0) this.spans.clear();
        if (this.steps !== undefined && this.steps.length > 0) this.steps.length = 0;
        this.ended = false;
        const version = (event as { protocolVersion?: unknown }).protocolVersion;
        if (typeof version === 'string' && version !== PROTOCOL_VERSION) checkVersion(version, reporter);
        return;
      }
      case Code.RUN_FINISHED:
      case Code.RUN_ERROR: {
        if (this.ended) reporter.report('second-terminal-event', `${typeName(code)} arrives for a run that has already ended; each RUN_STARTED gets exactly one RUN_FINISHED or RUN_ERROR.`);
        this.ended = true;
        if (this.spans !== undefined && this.spans.size > 0) this.spans.clear();
        const outcome = code === Code.RUN_FINISHED ? (event as EventOf<EventType.RUN_FINISHED>).outcome : undefined;
        if (outcome?.type === 'interrupt') {
          for (const interrupt of outcome.interrupts) {
            if (interrupt.reason === 'tool_call' && !interrupt.toolCallId) {
              reporter.report('interrupt-missing-tool-call-id', `Interrupt '${interrupt.id}' has reason "tool_call" but no toolCallId naming the paused call.`);
            }
          }
        }
        return;
      }
      case Code.REASONING_START:
        (this.spans ??= new SmallMap()).set((event as EventOf<EventType.REASONING_START>).messageId, frame);
        return;
      case Code.REASONING_END:
        this.spans?.delete((event as EventOf<EventType.REASONING_END>).messageId);
        return;
      case Code.REASONING_MESSAGE_START: {
        // 1.1: a span brackets reasoning messages that carry their own ids (the span's id namespaces
        // nothing), so any open span will do.
        if (this.spans === undefined || this.spans.size === 0) {
          const id = (event as EventOf<EventType.REASONING_MESSAGE_START>).messageId;
          reporter.report('reasoning-message-outside-reasoning', `REASONING_MESSAGE_START '${id}' is not inside a REASONING_START/REASONING_END span.`);
        }
        return;
      }
      case Code.STEP_STARTED:
        (this.steps ??= []).push((event as EventOf<EventType.STEP_STARTED>).stepName);
        return;
      case Code.STEP_FINISHED: {
        const steps = this.steps;
        if (steps === undefined) return;
        const name = (event as EventOf<EventType.STEP_FINISHED>).stepName;
        const at = steps.lastIndexOf(name);
        if (at < 0) return;
        if (at !== steps.length - 1) {
          reporter.report('step-finished-out-of-order', `STEP_FINISHED "${name}" closes an outer step while "${steps[steps.length - 1]}", started after it, is still active.`);
        }
        steps.splice(at, 1);
        return;
      }
      case Code.TEXT_MESSAGE_CONTENT:
      case Code.REASONING_MESSAGE_CONTENT: {
        if (synthetic) return;
        const e = event as EventOf<EventType.TEXT_MESSAGE_CONTENT | EventType.REASONING_MESSAGE_CONTENT>;
        if (e.delta === '') reporter.report('empty-delta', `${typeName(code)} for '${e.messageId}' has an empty delta; the docs require a non-empty one and clients before 0.0.49 reject it.`);
        return;
      }
      case Code.THINKING_TEXT_MESSAGE_CONTENT:
        if ((event as EventOf<'THINKING_TEXT_MESSAGE_CONTENT'>).delta === '') reporter.report('empty-delta', 'THINKING_TEXT_MESSAGE_CONTENT has an empty delta.');
        return;
      default:
        return;
    }
  }

  /** What only the end of the input reveals: each open span, with the frame that opened it. */
  finish(sink: FindingSink): void {
    if (this.spans === undefined || this.spans.size === 0) return;
    for (const [id, frame] of this.spans) sink.report(ruleId('reasoning-not-ended'), `REASONING_START '${id}' is never matched by a REASONING_END.`, [frame]);
    this.spans.clear();
  }
}

/** The protocol version this inspector judges by (spec/1.1). */
export const PROTOCOL_VERSION = '1.1';

/**
 * Version negotiation (spec/1.1/basic/versioning): a declared MAJOR.MINOR newer than ours, or one that
 * cannot be interpreted, is served under the processing model with a warning; an older one is quiet.
 */
function checkVersion(version: string, reporter: Reporter): void {
  const m = /^(\d+)\.(\d+)$/.exec(version);
  if (!m) {
    reporter.report('protocol-version-uninterpretable', `RUN_STARTED declares protocolVersion '${version}', which is not a MAJOR.MINOR version this inspector (${PROTOCOL_VERSION}) can interpret; a consumer proceeds as for a newer producer and warns.`);
    return;
  }
  const [ourMajor, ourMinor] = PROTOCOL_VERSION.split('.').map(Number) as [number, number];
  const major = Number(m[1]);
  const minor = Number(m[2]);
  if (major > ourMajor || (major === ourMajor && minor > ourMinor)) {
    reporter.report('protocol-version-newer', `RUN_STARTED declares protocolVersion ${version}, newer than the ${PROTOCOL_VERSION} this inspector speaks; a consumer proceeds, strips what it does not recognise, and warns.`);
  }
}
