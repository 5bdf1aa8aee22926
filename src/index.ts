// The programmatic API of agent-stream-inspector (the package's main export): read any supported
// input, check it against its protocol, render what a correct client shows, time it, replay it. The same code runs in
// the CLI and the DevTools panel.

// Reading: any input the CLI reads (capture file, HAR, SSE body, JSON Lines, JSON events, History API).
export { readInput, InputError } from './readers/read-input';
export type { InputFormat, ReadResult } from './readers/read-input';
export { readInputFile } from './api/read-file';
export { inspect, protocolIds } from './api/inspect';
export type { CaptureSource, Inspected, InspectOptions } from './api/inspect';

// Checking: one result per agent session, the shape of `check --json`.
export { check } from './api/check';
export type { CheckFinding, CheckOptions, CheckResult } from './api/check';

// Rendering: the reference rendering as text, or the view model.
export { render } from './api/render';
export type { RenderOptions } from './api/render';

// Timing: each session's time to first byte and token, duration, rate, gaps, tool latencies, waits.
export { stats } from './analysis/stats';
export type { SessionStats, StatsOptions } from './analysis/stats';
export type { Gap, SessionMetrics, ToolSpan, WaitSpan } from './analysis/metrics-types';

// Tokens and cost: the counts each stream reported, priced from @pydantic/genai-prices' table.
export { loadPricer, PRICE_TABLE } from './analysis/usage/price';
export type { Cost, Pricer } from './analysis/usage/price';
export type { TokenCounts } from './analysis/usage/token-counts';

// Replaying: a loopback mock server that answers what captures recorded, with their timing and faults.
export { startReplayServer as serve, startReplayServer } from './serve';
export type { ReplayDifference, ReplayFaults, ReplayInput, ReplayOptions, ReplayRoute, ReplayServer } from './serve';

// Rule documentation: each rule's anchor in docs/rules.md and its link.
export { ruleAnchor, ruleHelpUri } from './cli/report/rule-catalogue';

// The data model.
export type { Capture, Connection, Direction, Frame, FrameKind, Transport } from './model/frame';
export type { Finding, RuleMeta, Severity } from './model/finding';
export type { ViewItem, ViewModel } from './model/view';
export type { ProtocolId } from './protocols/types';
export type { Session } from './analysis/sessions';
