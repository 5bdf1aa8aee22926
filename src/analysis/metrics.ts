// A session's timing figures, kept current frame by frame: appending costs the same at frame 10 and
// frame 100,000 (a few comparisons and two pushes onto typed arrays); the figures that depend on the rendering
// (tool latencies, waits, output size) are read from the view model when a snapshot is asked for.
import { countBySeverity, type Finding } from '../model/finding';
import type { Connection, DecodedFrame } from '../model/frame';
import type { ApprovalItem, QuestionItem, ToolItem, ViewItem, ViewModel } from '../model/view';
import type { FrameDescription } from '../protocols/types';
import type { Gap, SessionMetrics, ToolSpan, WaitSpan } from './metrics-types';
import { NumberList } from '../model/number-list';
import { requestJson } from '../protocols/shared/request-prompt';
import { modelOfEvent, modelOfRequest } from './usage/model-name';
import { providerHint, type Pricer } from './usage/price';
import { billedCounts, tokenCounts } from './usage/token-counts';

/** Gaps longer than this are listed (the longest is always given). */
export const DEFAULT_GAP_THRESHOLD_MS = 2000;

/** Received events looked at for the model's name: protocols name it in their first events. */
const MODEL_EVENTS = 8;

export interface MetricsOptions {
  gapThresholdMs?: number;
  /** `none` for inputs without a clock (`Capture.timing`): no time figure is computed then. */
  timing?: 'real' | 'none';
}

export class SessionMetricsTracker {
  readonly gapThresholdMs: number;
  private readonly timing: 'real' | 'none';
  private frames = 0;
  private requestAt: number | undefined;
  private firstFrameAt: number | undefined;
  private firstByteAt: number | undefined;
  private firstTokenAt: number | undefined;
  private lastTokenAt: number | undefined;
  private lastAt: number | undefined;
  private lastIn: { at: number; index: number } | undefined;
  private longestGap: Gap | undefined;
  private readonly gaps: Gap[] = [];
  private readonly connections = new Set<string>();
  /** Frame index → time, in append order (ascending indexes), for the spans read at snapshot time. */
  private readonly indexes = new NumberList();
  private readonly times = new NumberList();
  /** Frames that answer a call: tool results and what the page sent (tool outputs, approval replies). */
  private readonly replies = new Set<number>();
  /** The first connection with a request body, read for the requested model at the first snapshot. */
  private requestConnection: Connection | undefined;
  private requestModel: string | null | undefined;
  private firstUrl: string | undefined;
  private eventModel: string | undefined;
  private modelEvents = 0;

  /** A tracker that went through structured cloning (the import worker's), given back its classes. */
  static revive(cloned: object): SessionMetricsTracker {
    const tracker = Object.setPrototypeOf(cloned, SessionMetricsTracker.prototype) as SessionMetricsTracker;
    NumberList.revive(tracker.indexes);
    NumberList.revive(tracker.times);
    return tracker;
  }

  constructor(options: MetricsOptions = {}) {
    this.gapThresholdMs = options.gapThresholdMs ?? DEFAULT_GAP_THRESHOLD_MS;
    this.timing = options.timing ?? 'real';
  }

  append(decoded: DecodedFrame, description: FrameDescription, connection?: Connection): void {
    const { frame } = decoded;
    this.frames++;
    if (connection && !this.connections.has(connection.id)) {
      this.connections.add(connection.id);
      const started = connection.startedAt;
      if (typeof started === 'number' && Number.isFinite(started) && (this.requestAt === undefined || started < this.requestAt)) this.requestAt = started;
      this.firstUrl ??= connection.url;
      if (this.requestConnection === undefined && typeof connection.requestBody === 'string') this.requestConnection = connection;
    }
    const at = frame.time;
    this.indexes.push(frame.index);
    this.times.push(at);
    if (description.category === 'tool-result' || (frame.direction === 'out' && frame.kind === 'message')) this.replies.add(frame.index);
    this.firstFrameAt ??= at;
    this.lastAt = this.lastAt === undefined ? at : Math.max(this.lastAt, at);
    if (frame.direction !== 'in') return;
    if (this.eventModel === undefined && this.modelEvents < MODEL_EVENTS && decoded.json !== undefined) {
      this.modelEvents++;
      this.eventModel = modelOfEvent(decoded.json);
    }
    if (frame.kind === 'message') this.firstByteAt ??= at;
    if (description.category === 'text' || description.category === 'reasoning') {
      this.firstTokenAt ??= at;
      this.lastTokenAt = at;
    }
    if (this.lastIn) {
      const gap: Gap = { ms: at - this.lastIn.at, afterFrame: this.lastIn.index, beforeFrame: frame.index };
      if (!this.longestGap || gap.ms > this.longestGap.ms) this.longestGap = gap;
      if (gap.ms > this.gapThresholdMs) this.gaps.push(gap);
    }
    this.lastIn = { at, index: frame.index };
  }

  /** The figures that need no view model, for lists of many sessions: O(1). */
  headline(): { requestAt?: number; firstTokenMs?: number; durationMs?: number } {
    const start = this.requestAt ?? this.firstFrameAt;
    if (this.timing === 'none' || start === undefined) return {};
    return {
      requestAt: start,
      ...(this.firstTokenAt !== undefined && { firstTokenMs: Math.max(0, this.firstTokenAt - start) }),
      ...(this.lastAt !== undefined && { durationMs: Math.max(0, this.lastAt - start) }),
    };
  }

  /** The model that answered (named by the stream), else the one the request asked for. */
  model(): string | undefined {
    if (this.eventModel !== undefined) return this.eventModel;
    if (this.requestModel === undefined) this.requestModel = (this.requestConnection && modelOfRequest(requestJson(this.requestConnection))) ?? null;
    return this.requestModel ?? undefined;
  }

  /** With a pricer, the cost of the tokens the stream reported at the model's price. */
  snapshot(view: ViewModel, findings: readonly Finding[], pricer?: Pricer): SessionMetrics {
    const found = collect(view.items);
    const tokens = tokenCounts(view.usage, view.protocol);
    const outputTokens = tokens?.output;
    const metrics: SessionMetrics = {
      timing: this.timing,
      outputChars: found.chars,
      gaps: [],
      tools: found.tools.map((t) => this.toolSpan(t)),
      waits: found.waits.map((w) => this.waitSpan(w)),
      frames: this.frames,
      findings: countBySeverity(findings),
      gapThresholdMs: this.gapThresholdMs,
    };
    if (outputTokens !== undefined) metrics.outputTokens = outputTokens;
    if (tokens) metrics.tokens = tokens;
    const model = this.model();
    if (model !== undefined) metrics.model = model;
    const billed = billedCounts(view.usage, tokens);
    if (billed && model !== undefined && pricer) assign(metrics, 'cost', pricer(billed, model, providerHint(view.protocol, this.firstUrl)));
    if (metrics.cost && billed && billed !== tokens) metrics.cost.billed = { input: billed.input ?? 0, output: billed.output ?? 0 };
    if (this.timing === 'none') return metrics;
    const start = this.requestAt ?? this.firstFrameAt;
    if (start === undefined) return metrics;
    metrics.requestAt = start;
    const since = (at: number | undefined) => (at === undefined ? undefined : Math.max(0, at - start));
    assign(metrics, 'firstByteMs', since(this.firstByteAt));
    assign(metrics, 'firstTokenMs', since(this.firstTokenAt));
    assign(metrics, 'durationMs', since(this.lastAt));
    const streaming = this.firstTokenAt !== undefined && this.lastTokenAt !== undefined ? this.lastTokenAt - this.firstTokenAt : 0;
    if (streaming > 0) {
      metrics.charsPerSecond = (found.chars * 1000) / streaming;
      if (outputTokens !== undefined) metrics.tokensPerSecond = (outputTokens * 1000) / streaming;
    }
    if (this.longestGap) metrics.longestGap = { ...this.longestGap };
    metrics.gaps = this.gaps.map((g) => ({ ...g }));
    return metrics;
  }

  private toolSpan(tool: ToolItem): ToolSpan {
    const callFrame = tool.frames[0] ?? -1;
    const span: ToolSpan = { id: tool.toolId, name: tool.name, callFrame };
    if (tool.pageTool) span.page = tool.pageTool;
    else if (tool.status === 'pending' && tool.cutOff !== undefined) span.cutOffFrame = tool.cutOff;
    else if (tool.status === 'pending' && tool.unfinished !== undefined) span.unfinishedFrame = tool.unfinished;
    const resultFrame = this.resultFrame(tool);
    // A call and its result read from one frame (a History API response) took no time we can see.
    if (resultFrame === undefined || resultFrame === callFrame) return span;
    span.resultFrame = resultFrame;
    assign(span, 'latencyMs', this.between(callFrame, resultFrame));
    return span;
  }

  /** The frame that brought the result: the last reply among the tool's frames, else its last frame once it finished. */
  private resultFrame(tool: ToolItem): number | undefined {
    for (let i = tool.frames.length - 1; i > 0; i--) {
      const f = tool.frames[i] as number;
      if (this.replies.has(f)) return f;
    }
    if (tool.status === 'pending' || tool.frames.length < 2) return undefined;
    return tool.frames[tool.frames.length - 1];
  }

  private waitSpan(item: ApprovalItem | QuestionItem): WaitSpan {
    const askFrame = item.frames[0] ?? -1;
    const span: WaitSpan = { kind: item.kind, id: item.key, askFrame };
    const answered = item.kind === 'approval' ? item.outcome !== undefined : item.state !== 'waiting';
    const replyFrame = answered && item.frames.length > 1 ? item.frames[item.frames.length - 1] : undefined;
    if (replyFrame === undefined) return span;
    span.replyFrame = replyFrame;
    assign(span, 'waitMs', this.between(askFrame, replyFrame));
    return span;
  }

  private between(from: number, to: number): number | undefined {
    if (this.timing === 'none') return undefined;
    const a = this.timeOf(from);
    const b = this.timeOf(to);
    return a === undefined || b === undefined ? undefined : Math.max(0, b - a);
  }

  /** The time of the frame with capture index `index`; binary search, as indexes arrive ascending. */
  timeOf(index: number): number | undefined {
    let lo = 0;
    let hi = this.indexes.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.indexes.get(mid);
      if (at === index) return this.times.get(mid);
      if (at < index) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}

function assign<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

interface Collected {
  chars: number;
  tools: ToolItem[];
  waits: (ApprovalItem | QuestionItem)[];
}

/** Assistant text and reasoning size, tool calls and waits, groups included (groups hold no groups). */
function collect(items: readonly ViewItem[]): Collected {
  const out: Collected = { chars: 0, tools: [], waits: [] };
  const visit = (list: readonly ViewItem[], depth: number) => {
    for (const item of list) {
      if (item.kind === 'text' || item.kind === 'reasoning') out.chars += item.text.length;
      else if (item.kind === 'tool' && !item.orphanResult) out.tools.push(item);
      else if (item.kind === 'approval' || item.kind === 'question') out.waits.push(item);
      else if (item.kind === 'group' && depth < 4) visit(item.items, depth + 1);
    }
  };
  visit(items, 0);
  return out;
}
