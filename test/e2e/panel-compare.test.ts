// "Compare with file…" in the real DevTools panel: a capture loaded in the panel compared with a file
// that differs shows, turn by turn, exactly what `diff --json` prints for the panel's own export and that
// file (alignment, the answer's words removed and added, tool calls and their arguments, findings new
// and gone, the figures); compared with the file it came from, it shows "No differences". Saves
// screenshots of the view docked right (550 px), docked at the bottom (300 px) and undocked (1280×800),
// light and dark, into test/e2e/screenshots/compare-*.png.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { runCli } from '../../src/cli/test-support';
import type { RunsDiff } from '../../src/diff/diff-runs';
import { corpusPath, HAS_CORPUS, needsShared } from '../support/shared-dir';
import { demoInDevTools } from './support/demo-in-devtools';
import { until } from './support/devtools-panel';
import { openInDevTools, theme } from './support/docked-panel';
import { inEveryLayout, saveShot } from './support/layout-shots';

const env = demoInDevTools();
const EXAMPLES = path.resolve(__dirname, '../../examples');
const CLEAN = path.join(EXAMPLES, 'openai-tool-loop.har');
const BROKEN = path.join(EXAMPLES, 'openai-tool-loop-broken.har');

interface ShownTurn {
  prompt: string;
  step: number;
  differs: boolean;
  a?: string;
  b?: string;
  answerA: { op: string; text: string }[];
  answerB: { op: string; text: string }[];
  toolsA: string[];
  toolsB: string[];
  args: { index: number; ops: string[] }[];
  gone: string[];
  new: string[];
  figures: Record<string, [string, string]>;
}

/** The comparison as the panel shows it, read back from its elements' text. */
async function shown(panel: PwFrame): Promise<ShownTurn[]> {
  return panel.locator('[data-testid="compare-turn"]').evaluateAll((turns) =>
    turns.map((turn) => {
      const side = (s: string) => turn.querySelector<HTMLElement>(`[data-testid="compare-side-${s}"]`);
      const words = (s: string) => [...(side(s)?.querySelectorAll<HTMLElement>('[data-testid^="compare-answer"] .cmp-word') ?? [])].map((w) => ({ op: w.dataset.op ?? '', text: w.textContent ?? '' }));
      const tools = (s: string) => [...(side(s)?.querySelectorAll<HTMLElement>('.cmp-tool-name') ?? [])].map((t) => t.textContent ?? '');
      const findings = (kind: string) => [...turn.querySelectorAll<HTMLElement>(`[data-testid="compare-findings-${kind}"] .cmp-finding`)].map((f) => f.textContent ?? '');
      const out = {
        prompt: (turn as HTMLElement).dataset.prompt ?? '',
        step: Number((turn as HTMLElement).dataset.step),
        differs: (turn as HTMLElement).dataset.differs === 'true',
        answerA: words('a'),
        answerB: words('b'),
        toolsA: tools('a'),
        toolsB: tools('b'),
        args: [...turn.querySelectorAll<HTMLElement>('[data-testid="compare-args"]')].map((a) => ({ index: Number(a.dataset.index), ops: [...a.querySelectorAll('li')].map((li) => li.textContent ?? '') })),
        gone: findings('gone'),
        new: findings('new'),
        figures: Object.fromEntries([...turn.querySelectorAll<HTMLElement>('.cmp-figure')].map((f) => [f.dataset.figure ?? '', [f.dataset.a ?? '', f.dataset.b ?? '']])),
      } as Record<string, unknown>;
      const a = side('a')?.dataset.session;
      const b = side('b')?.dataset.session;
      if (a !== undefined) out.a = a;
      if (b !== undefined) out.b = b;
      return out as unknown as ShownTurn;
    }),
  );
}

const GLYPH = { error: '✕', warning: '⚠', info: 'ℹ' } as const;

/** The same fields from `diff --json`: what the panel must show. */
function expected(diff: RunsDiff): ShownTurn[] {
  return diff.turns.map((t) => {
    const differs = !t.a || !t.b || t.text.changed || t.tools.changed || t.findings.new.length > 0 || t.findings.gone.length > 0;
    const figures: Record<string, [string, string]> = {};
    for (const key of ['firstTokenMs', 'durationMs', 'inputTokens', 'outputTokens', 'costUsd'] as const) {
      if (t[key].a !== undefined || t[key].b !== undefined) figures[key] = [t[key].a === undefined ? '' : String(t[key].a), t[key].b === undefined ? '' : String(t[key].b)];
    }
    const out: ShownTurn = {
      prompt: t.prompt,
      step: t.step,
      differs,
      answerA: t.a ? t.text.parts.filter((p) => p.op !== '+') : [],
      answerB: t.b ? t.text.parts.filter((p) => p.op !== '-') : [],
      toolsA: t.a ? t.tools.a : [],
      toolsB: t.b ? t.tools.b : [],
      args: t.tools.args.map((a) => ({ index: a.index, ops: a.patch.map((op) => `${op.op} ${op.path || '/'}${'value' in op ? ` ${JSON.stringify(op.value)}` : ''}`) })),
      gone: t.findings.gone.map((f) => `${GLYPH[f.severity]} gone ${f.rule}: ${f.message}`),
      new: t.findings.new.map((f) => `${GLYPH[f.severity]} new ${f.rule}: ${f.message}`),
      figures,
    };
    if (t.a) out.a = t.a.session;
    if (t.b) out.b = t.b.session;
    return out;
  });
}

async function load(panel: PwFrame, file: string): Promise<void> {
  await panel.locator('input.import-file').setInputFiles(file);
  await until(() => panel.locator('[data-testid="import-progress"]').count(), (n) => n === 0, 'the import to end');
  await until(() => panel.locator('[data-testid="frame-count"]').getAttribute('data-count').then(Number), (n) => n > 0, 'the imported frames');
}

async function compareWith(panel: PwFrame, file: string): Promise<void> {
  await panel.locator('input.compare-file').setInputFiles(file);
  await panel.waitForSelector('[data-testid="compare-view"][data-state="done"]');
  // Read and compared off the panel's thread.
  expect(await panel.locator('[data-testid="compare-view"]').getAttribute('data-thread')).toBe('worker');
}

/** The panel's capture as its export writes it (unredacted: the comparison reads the capture as held). */
async function exportedFile(panel: PwFrame): Promise<string> {
  const text = await panel.evaluate(() => window.__asiExport!({ redact: false }));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'asi-compare-')), 'panel.asi.json');
  fs.writeFileSync(file, text);
  return file;
}

async function cliDiff(a: string, b: string): Promise<{ code: number; diff: RunsDiff }> {
  const r = await runCli(['diff', '--json', a, b]);
  expect(r.stderr).toBe('');
  return { code: r.code, diff: JSON.parse(r.stdout) as RunsDiff };
}

describe('Compare with file…', () => {
  it('shows what diff --json gives for the panel’s export and the file; the file it came from shows no differences', async () => {
    const docked = await openInDevTools(env.browser, `${env.demo.url}?scenario=normal&transport=sse`);
    const { panel } = docked;
    await load(panel, CLEAN);

    await compareWith(panel, BROKEN);
    const cli = await cliDiff(await exportedFile(panel), BROKEN);
    expect(cli.code).toBe(1);
    const turns = await shown(panel);
    expect(turns).toEqual(expected(cli.diff));
    // What the broken loop changes is there to see: a turn in one run only, a finding that is new.
    expect(turns.some((t) => t.differs)).toBe(true);
    expect(turns.flatMap((t) => t.new).join('\n')).toContain('openai-chat/loop-missing-tool-result');
    const summary = panel.locator('[data-testid="compare-summary"]');
    expect(Number(await summary.getAttribute('data-differing'))).toBe(turns.filter((t) => t.differs).length);
    expect(await summary.textContent()).toContain(`${cli.diff.summary.findingsNew} new, ${cli.diff.summary.findingsGone} gone`);

    // Looked at as a user would, in each layout and theme.
    await inEveryLayout(docked, async (layout, t) => {
      const file = await saveShot(docked, 'compare', layout, t);
      expect(fs.statSync(file).size).toBeGreaterThan(5_000);
    });
    await theme(docked, 'default');

    // Against the file the capture came from: no differences, as `diff` says (exit 0).
    await compareWith(panel, CLEAN);
    await panel.waitForSelector('[data-testid="compare-same"]');
    expect(await panel.locator('[data-testid="compare-same"]').textContent()).toMatch(/^No differences/);
    const same = await cliDiff(await exportedFile(panel), CLEAN);
    expect(same.code).toBe(0);
    expect(await shown(panel)).toEqual(expected(same.diff));

    // Back to the capture: the panel's body returns.
    await panel.locator('button.cmp-close').click();
    await panel.waitForSelector('[data-testid="frame-count"]');
    expect(await panel.locator('[data-testid="compare-view"]').count()).toBe(0);
    await docked.page.close();
  }, 180_000);

  it.skipIf(!HAS_CORPUS)(needsShared('two real recordings of one prompt: the answer’s word diff, tokens and cost as diff --json gives them'), async () => {
    // The same request (invent a holiday) to OpenAI's gpt-4.1-nano and to Groq's llama-3.3-70b-versatile.
    const a = corpusPath('vercel-ai/openai_chat_openai-text.jsonl');
    const b = corpusPath('vercel-ai/groq_groq-text.jsonl');
    const docked = await openInDevTools(env.browser, `${env.demo.url}?scenario=normal&transport=sse`);
    const { panel } = docked;
    await load(panel, a);
    await compareWith(panel, b);
    const cli = await cliDiff(await exportedFile(panel), b);
    const turns = await shown(panel);
    expect(turns).toEqual(expected(cli.diff));
    expect(turns).toHaveLength(1);
    expect(turns[0]?.answerA.some((w) => w.op === '-')).toBe(true);
    expect(turns[0]?.answerB.some((w) => w.op === '+')).toBe(true);
    expect(turns[0]?.figures.outputTokens).toEqual(['300', '662']);
    await docked.page.close();
  }, 120_000);
});
