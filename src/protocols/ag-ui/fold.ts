// The AG-UI fold, staged like @ag-ui/client's pipeline: parse and validate each frame → expand chunks →
// verify → apply to the view. Every stage reports instead of throwing, and each frame costs the same
// however long the session is. A session is often a few events, so the per-event path is kept lean:
// most events are taken by hand checks without the schema, the type is read once as a number
// (event-types.ts), expansion hands each event straight to the later stages, and the stages report
// through the fold itself.
import type { DecodedFrame, Frame } from '../../model/frame';
import type { FindingSink } from '../../model/finding';
import { frameText } from '../../model/decode';
import type { ViewModel } from '../../model/view';
import type { ProtocolFold } from '../types';
import { ruleId, type AguiRuleName } from './rules';
import { EventType } from '@ag-ui/core';
import { parseEvent, plainEventCode, type AguiEvent, type EventOf } from './schema';
import { plainLane } from './plain-events';
import type { Stripped } from './strip';
import { Code, codeOf, typeName } from './event-types';
import { ChunkExpander, type ExpansionTarget } from './chunks';
import { Verifier } from './verifier';
import { Advisor } from './advisor';
import { EventApplier, type Reporter } from './apply';
import { ViewStore } from './view-store';
import { appendNewMessages } from './messages';
import { abortedByPage, endingItem, TurnConnections } from '../shared/page-abort';
import { rawText } from '../shared/view-helpers';

/**
 * Fields whose null the 1.0 client reads as "absent" (it strips them with a deprecation warning).
 * Any other null (e.g. `metadata: null`) fails the schema, as it does in the client.
 */
const NULL_AS_ABSENT = new Set(['rawEvent', 'parentMessageId', 'outcome', 'result']);

export function createAguiFold(): ProtocolFold {
  return new AguiFold();
}

/** A class rather than closures: a session is often short, so what each new fold allocates shows. */
class AguiFold implements ProtocolFold, ExpansionTarget, Reporter {
  private readonly store = new ViewStore();
  private readonly applier = new EventApplier(this.store);
  private readonly verifier = new Verifier();
  private readonly expander = new ChunkExpander();
  private readonly advisor = new Advisor();
  private readonly connections = new TurnConnections();
  private reportedOnce: Set<string> | undefined;
  private runStartFrame = -1;
  /** The connection ended mid-run and that was reported: the end of input need not say it again. */
  private closedMidRun = false;
  /** Where the frame being applied reports. */
  private sink: FindingSink | undefined;
  private frameIndex = -1;
  private frameTime = 0;
  /**
   * The verifier rejected the event being applied: the reducer's "no such message" notes are dropped.
   * Set only while the applier runs, the one stage that reports those notes.
   */
  private rejected = false;

  apply(decoded: DecodedFrame, sink: FindingSink): void {
    const { frame } = decoded;
    this.sink = sink;
    this.frameIndex = frame.index;
    this.frameTime = frame.time;
    const store = this.store;
    try {
      if (frame.kind === 'close' || frame.kind === 'error') {
        if (this.connections.lettingGo(frame)) return;
        if (this.verifier.inRun && !this.closedMidRun) {
          this.closedMidRun = true;
          if (!abortedByPage(frame)) this.report('closed-before-run-finished', frame.kind === 'close'
            ? 'The connection closed while the run was still active (no RUN_FINISHED or RUN_ERROR): @ag-ui/client 1.0 shows what arrived as a finished run, with no error.'
            : 'The connection failed while the run was still active (no RUN_FINISHED or RUN_ERROR): @ag-ui/client 1.0 rejects runAgent ("terminated").');
        }
        store.lane = undefined;
        // The page's own stop shows only while the run is open; a failure always shows.
        const item = endingItem(frame, () => store.nextId('error'), !this.verifier.runEnded, frame.data || 'connection error');
        if (item) store.place(item);
        store.setStreaming(false);
        return;
      }
      if (frame.kind !== 'message') return;
      if (frame.direction === 'out') return this.request(decoded);
      this.connections.carried(frame.connectionId);
      this.event(decoded);
    } catch (err) {
      // A bug here must not lose the frame or stop the session: show it raw and carry on.
      this.rejected = false;
      this.raw(frame);
      this.report('schema-violation', `Internal error while applying the frame (${err instanceof Error ? err.message : String(err)}); it is kept as a raw item.`);
    }
  }

  finish(sink: FindingSink): void {
    if (this.verifier.inRun && !this.closedMidRun) {
      sink.report(ruleId('run-not-finished'), 'The input ends while the run is still active: no RUN_FINISHED or RUN_ERROR arrived.', this.runStartFrame >= 0 ? [this.runStartFrame] : []);
    }
    this.advisor.finish(sink);
    this.store.setStreaming(false);
  }

  view(): ViewModel {
    return this.store.model;
  }

  private raw(frame: Frame): void {
    const store = this.store;
    store.lane = undefined;
    store.place({ kind: 'raw', id: store.nextId('raw'), frames: [frame.index], text: rawText(frame) });
  }

  private once(key: string, rule: AguiRuleName, message: string): void {
    this.reportedOnce ??= new Set();
    if (this.reportedOnce.has(key)) return;
    this.reportedOnce.add(key);
    this.report(rule, message);
  }

  /** The run request (RunAgentInput) the page sent: its new messages, and the answers to open interrupts. */
  private request(decoded: DecodedFrame): void {
    const body = decoded.json as { messages?: unknown; resume?: unknown } | null;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    appendNewMessages(this.store, body.messages, decoded.frame.index);
    const interrupts = this.applier.interrupts;
    if (!interrupts.anyOpen) return;
    const missing = interrupts.resume(body.resume, decoded.frame.index);
    if (missing.length > 0) {
      this.report('interrupt-not-resumed', `The request does not resume open interrupt(s) ${missing.join(', ')}; every open interrupt needs a resume entry (resolved or cancelled), or the agent must answer with RUN_ERROR.`);
    }
  }

  private event(decoded: DecodedFrame): void {
    const { frame } = decoded;
    if (decoded.jsonError !== undefined) {
      // A payload the capture cut short is not the server's fault: shown, not flagged.
      if (!frame.truncated) this.report('invalid-json', `The frame is not a JSON event: ${decoded.jsonError}. The AG-UI client fails the whole stream on it.`);
      return this.raw(frame);
    }
    if (frameText(frame).includes('\r')) {
      this.once('crlf', 'crlf-framing', 'The SSE data carries CR characters (CRLF framing); the TS client splits records only on "\\n\\n" and cannot read such a body.');
    }
    const json = decoded.json;
    let ev: AguiEvent;
    let code = plainEventCode(json);
    let lane: string | undefined;
    if (code !== Code.NONE) {
      // Hand-checked: no null to drop, no metadata; its subagentRunId, if any, read by the check.
      ev = json as AguiEvent;
      lane = plainLane();
    } else {
      const parsed = parseEvent(this.withoutNulls(json));
      if (parsed.kind === 'not-event') {
        this.report('not-an-event', `Invalid event: ${parsed.reason}. Every AG-UI frame is an object with a string "type".`);
        return this.raw(frame);
      }
      if (parsed.kind === 'unknown-type') {
        this.report('unknown-event-type', `'${parsed.type}' is not an AG-UI event type; clients before 1.0 fail the stream on it and 1.0 drops it.`);
        return this.raw(frame);
      }
      if (parsed.kind === 'invalid') {
        this.report('schema-violation', `${parsed.type} does not match its schema: ${parsed.issues}.`);
        return this.raw(frame);
      }
      if (parsed.kind === 'dropped') {
        this.reportStripped(parsed.type, parsed.stripped, true);
        return this.raw(frame);
      }
      if (parsed.stripped) this.reportStripped(parsed.event.type, parsed.stripped, false);
      ev = parsed.event;
      code = codeOf(ev.type);
      const metadata = (ev as { metadata?: Record<string, unknown> }).metadata;
      if (metadata && Object.prototype.hasOwnProperty.call(metadata, 'ag-ui')) {
        this.report('reserved-metadata-key', `${ev.type} uses the metadata key "ag-ui", which the protocol reserves.`);
      }
      const sub = (ev as { subagentRunId?: unknown }).subagentRunId;
      if (typeof sub === 'string') lane = sub;
    }
    if (isThinking(code)) {
      const type = typeName(code);
      this.once(`thinking:${type}`, 'deprecated-thinking-event', `${type} is deprecated; send the REASONING_* events instead (1.0 clients convert it, older ones may not).`);
    }
    if (code === Code.REASONING_MESSAGE_CHUNK && (ev as EventOf<EventType.REASONING_MESSAGE_CHUNK>).delta === '') {
      this.report('reasoning-chunk-empty-delta', 'REASONING_MESSAGE_CHUNK has an empty delta: the docs say this closes the message, the TS client appends an empty content instead.');
    }
    this.expander.expand(ev, code, lane, this);
  }

  /**
   * The enforcement stage's warnings, one per path removed (strip.ts). A member the event keeps applying
   * without is reported once a session for its event type, path and value: a producer that adds a field
   * to every event (threadId and runId on each content event, as one framework adapter did) would
   * otherwise fill the findings with one warning an event, all saying the same. A dropped event loses
   * what it carried, so each one is reported.
   */
  private reportStripped(type: string, stripped: readonly Stripped[], dropped: boolean): void {
    for (const s of stripped) {
      if (s.kind === 'property') {
        this.once(`strip:${type}:${s.path}`, 'unknown-property', `${type} carries '${s.path}', a property the protocol does not describe; a 1.1 consumer strips it with a warning and applies the rest of the event (reported once a session for this event type and path).`);
        continue;
      }
      const what = s.value !== undefined ? `'${s.value}'` : 'a member';
      if (dropped) {
        this.report('unknown-member', `${type}: ${what} at '${s.path}' is not one this version knows and sits in a required field, so a 1.1 consumer drops the whole event with a warning.`);
        continue;
      }
      this.once(
        `strip:${type}:${s.path}:${s.value ?? ''}`,
        'unknown-member',
        `${type}: ${what} at '${s.path}' is not one this version knows (an outcome, content part, patch op or value added later); a 1.1 consumer strips it with a warning and applies the rest (reported once a session for this event type, path and value).`,
      );
    }
  }

  /**
   * The event without the nulls that stand for "absent", which the 1.0 client strips with a deprecation
   * warning. Reported once a session for the event type and fields: a producer that serialises every
   * absent field as null does so on every event.
   */
  private withoutNulls(json: unknown): unknown {
    const nulls = nullFields(json);
    if (nulls === undefined) return json;
    const type = (json as { type?: unknown }).type;
    this.once(
      `null:${typeof type === 'string' ? type : ''}:${nulls.join(',')}`,
      'null-field',
      `${nulls.map((k) => `'${k}'`).join(', ')} ${nulls.length > 1 ? 'are' : 'is'} null; leave an absent field out rather than sending null (reported once a session for this event type and fields).`,
    );
    const copy: Record<string, unknown> = { ...(json as Record<string, unknown>) };
    for (const k of nulls) delete copy[k];
    return copy;
  }

  /**
   * Where every stage reports (Reporter, ExpansionTarget): the finding points at the frame being
   * applied. The reducer's "no such message" notes are dropped for an event the verifier rejected.
   */
  report(rule: AguiRuleName, message: string): void {
    if (this.rejected && rule === 'delta-target-missing') return;
    this.sink?.report(ruleId(rule), message, [this.frameIndex]);
  }

  /** One event after chunk expansion, through the verifier, the advisor and the applier (ExpansionTarget). */
  step(ev: AguiEvent, code: Code, synthetic: boolean, lane: string | undefined): void {
    const frameIndex = this.frameIndex;
    if (code === Code.RUN_STARTED) this.runStartFrame = frameIndex;
    const violation = this.verifier.check(ev, code, lane);
    if (violation) {
      this.report(violation.rule, violation.message);
      if (synthetic && violation.rule.endsWith('-already-active')) {
        const id = (ev as { messageId?: string; toolCallId?: string }).messageId ?? (ev as { toolCallId?: string }).toolCallId;
        if (id !== undefined) this.expander.forget(id);
      }
    }
    this.advisor.check(ev, code, synthetic, frameIndex, this);
    // The reducer's "no such message" notes only matter when the verifier let the event through.
    this.rejected = violation !== undefined;
    this.applier.apply(ev, code, lane, frameIndex, this.frameTime, this);
    this.rejected = false;
  }
}

/** The deprecated THINKING_* events, which 1.0 no longer describes. */
function isThinking(code: Code): boolean {
  return code >= Code.THINKING_START && code <= Code.THINKING_TEXT_MESSAGE_END;
}

/** The fields of `NULL_AS_ABSENT` that are null in `json`, if any. */
function nullFields(json: unknown): string[] | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const fields = json as Record<string, unknown>;
  // The common case, without listing the keys: none of these fields is null.
  if (fields.rawEvent !== null && fields.parentMessageId !== null && fields.outcome !== null && fields.result !== null) return undefined;
  const nulls = Object.keys(fields).filter((k) => NULL_AS_ABSENT.has(k) && fields[k] === null);
  return nulls.length > 0 ? nulls : undefined;
}
