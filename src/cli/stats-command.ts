// `stats FILE…`: each session's timing figures (time to first byte and token, duration, output rate,
// gaps, tool latencies, waits), one block per session, or with --json an array with one entry per
// session. Frame numbers count from 1, as `check` prints them. Inputs without a clock say "no timing".
import { analyseFile } from './analyse';
import type { Command } from './command';
import { COMMON_HELP, PROTOCOL_HELP, protocolOption, UsageError } from './common-options';
import { eachFile } from './each-file';
import { printable } from '../model/printable';
import { protocols } from '../protocols/registry';
import { acrossRequests, sessionStats, type SessionStats } from '../analysis/stats';
import { DEFAULT_GAP_THRESHOLD_MS, type MetricsOptions } from '../analysis/metrics';
import type { Gap, SessionMetrics } from '../analysis/metrics-types';
import { loadPricer } from '../analysis/usage/price';
import { usageLine, totalsText, conversationsText } from './stats-usage';
import { conversations } from '../analysis/conversations';

export interface StatsResult extends SessionStats {
  file: string;
  /** The conversation (its first request's connection id) this session's request belongs to, when joined. */
  conversation?: string;
}

export const statsCommand: Command = {
  name: 'stats',
  summary: 'timing, tokens and cost per session: first token, output rate, gaps, tool latencies, waits',
  usage: `Usage: agent-stream-inspector stats [options] FILE...

One block per session: protocol, session, frames, findings, time to first byte and to first token
(from the request's start), duration, output rate (tokens per second where the stream reports
usage), tokens (input, output, reasoning, cached, as the stream reported them: "not reported"
otherwise) and their cost at the model's price in @pydantic/genai-prices' table, the longest gap
and the gaps over --gap, each tool call's latency and each approval's or question's wait. Inputs
without a clock (raw SSE, JSON Lines) say "no timing". Frame numbers count from 1, as check prints
them.

Options:
      --json          an array with one entry per session
      --gap MS        list gaps longer than this (default ${DEFAULT_GAP_THRESHOLD_MS} ms)
${PROTOCOL_HELP}
${COMMON_HELP}

Exit 0; 2: an input cannot be read; 3: the tool failed.`,
  options: {
    json: { type: 'boolean' },
    protocol: { type: 'string' },
    gap: { type: 'string' },
  },
  async run({ values, positionals }, out) {
    const protocol = protocolOption(values.protocol);
    const gap = typeof values.gap === 'string' ? Number(values.gap) : undefined;
    if (gap !== undefined && !(Number.isFinite(gap) && gap >= 0)) throw new UsageError('--gap needs a number of milliseconds');
    if (positionals.length === 0) throw new UsageError('stats needs at least one FILE');
    const results: StatsResult[] = [];
    const pricer = await loadPricer();
    const fileConversations: string[] = [];
    const exit = await eachFile(positionals, out, values.debug === true, async (file) => {
      // The figures are read from each session's frames afterwards.
      const analysed = await analyseFile(file, protocol, { keepFrames: true });
      if (analysed.sessions.length === 0) out.stderr(`${file}: no agent stream found in this ${analysed.format} input\n`);
      const options: MetricsOptions = { timing: analysed.timing === 'none' ? 'none' : 'real' };
      if (gap !== undefined) options.gapThresholdMs = gap;
      const across = acrossRequests(analysed.sessions);
      const joined = conversations(analysed.sessions);
      const conversationOf = new Map(joined.flatMap((c) => c.requests.map((r) => [r.session, c.id] as const)));
      const start = results.length;
      for (const session of analysed.sessions) {
        const conversation = conversationOf.get(session);
        results.push({ file, ...sessionStats(session, protocols, options, across, pricer), ...(conversation !== undefined && { conversation }) });
      }
      fileConversations.push(conversationsText(file, results.slice(start)));
    });
    if (values.json === true) out.stdout(`${JSON.stringify(results.map(numberedFromOne), null, 2)}\n`);
    else {
      for (const r of results) out.stdout(statsText(r));
      for (const text of fileConversations) out.stdout(text);
      if (results.length > 1) out.stdout(totalsText(results.map((r) => r.metrics)));
    }
    return exit;
  },
};

/** The figures with frame indexes turned into the 1-based frame numbers the CLI prints everywhere. */
function numberedFromOne(r: StatsResult): StatsResult {
  const m = r.metrics;
  const gap = (g: Gap): Gap => ({ ...g, afterFrame: g.afterFrame + 1, beforeFrame: g.beforeFrame + 1 });
  const metrics: SessionMetrics = {
    ...m,
    gaps: m.gaps.map(gap),
    tools: m.tools.map((t) => ({ ...t, callFrame: t.callFrame + 1, ...(t.resultFrame !== undefined ? { resultFrame: t.resultFrame + 1 } : {}) })),
    waits: m.waits.map((w) => ({ ...w, askFrame: w.askFrame + 1, ...(w.replyFrame !== undefined ? { replyFrame: w.replyFrame + 1 } : {}) })),
  };
  if (m.longestGap) metrics.longestGap = gap(m.longestGap);
  return { ...r, metrics };
}

/** One session's block of text. */
export function statsText(r: StatsResult): string {
  const m = r.metrics;
  const lines = [`${printable(r.file)}: ${r.protocol} session ${printable(r.session)}${r.conversation !== undefined ? ` (conversation ${printable(r.conversation)})` : ''}`];
  if (r.connections.length > 0) lines.push(`  connections: ${r.connections.map(printable).join(', ')}`);
  lines.push(`  frames: ${m.frames}   findings: ${m.findings.error} error(s), ${m.findings.warning} warning(s), ${m.findings.info} info`);
  const output = `${m.outputChars} chars${m.outputTokens !== undefined ? `, ${m.outputTokens} tokens` : ''}`;
  lines.push(`  ${usageLine(m)}`);
  if (m.timing === 'none') {
    lines.push('  timing: no timing (the input recorded no clock)', `  output: ${output}`);
  } else {
    lines.push(`  first byte: ${ms(m.firstByteMs)}   first token: ${ms(m.firstTokenMs)}   duration: ${ms(m.durationMs)}`);
    lines.push(`  output: ${output}   rate: ${rate(m)}`);
    lines.push(`  longest gap: ${m.longestGap ? `${ms(m.longestGap.ms)} (#${m.longestGap.afterFrame + 1} → #${m.longestGap.beforeFrame + 1})` : '-'}   gaps over ${ms(m.gapThresholdMs)}: ${m.gaps.length}`);
    for (const g of m.gaps) lines.push(`    gap ${ms(g.ms)} (#${g.afterFrame + 1} → #${g.beforeFrame + 1})`);
  }
  for (const t of m.tools) {
    const result =
      t.resultFrame !== undefined
        ? `${m.timing === 'none' ? 'result' : ms(t.latencyMs)} (#${t.callFrame + 1} → #${t.resultFrame + 1})`
        : t.page === 'waiting'
          ? `waiting for the page (#${t.callFrame + 1}; no request followed)`
          : t.page === 'no-result'
            ? `no result in the follow-up request (#${t.callFrame + 1})`
            : t.cutOffFrame !== undefined
              ? `cut off before its result (#${t.callFrame + 1} → #${t.cutOffFrame + 1})`
              : t.unfinishedFrame !== undefined
                ? `its arguments never finished (#${t.callFrame + 1} → #${t.unfinishedFrame + 1})`
                : 'no result';
    lines.push(`  tool ${printable(t.name)} ${printable(t.id)}: ${result}`);
  }
  for (const w of m.waits) {
    const reply = w.replyFrame === undefined ? 'no reply' : `${m.timing === 'none' ? 'replied' : `waited ${ms(w.waitMs)}`} (#${w.askFrame + 1} → #${w.replyFrame + 1})`;
    lines.push(`  ${w.kind} ${printable(w.id)}: ${reply}`);
  }
  return `${lines.join('\n')}\n\n`;
}

function ms(value: number | undefined): string {
  if (value === undefined) return '-';
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
}

function rate(m: SessionMetrics): string {
  const parts: string[] = [];
  if (m.tokensPerSecond !== undefined) parts.push(`${m.tokensPerSecond.toFixed(1)} tokens/s`);
  if (m.charsPerSecond !== undefined) parts.push(`${m.charsPerSecond.toFixed(1)} chars/s`);
  return parts.length > 0 ? parts.join(', ') : '-';
}
