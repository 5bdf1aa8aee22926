// The command-line contract: output lines, --json shape, exit codes, and the reference rendering,
// run in-process on the examples (and once as a real process through the package's bin).
// @vitest-environment node
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/cli/command';
import { commands } from '../../src/cli/main';
import { InternalFailure } from '../../src/cli/failure';
import { runCli, tempFile } from '../../src/cli/test-support';
import { toCaptureFile } from '../../src/capture-format/capture-format';
import { readInput } from '../../src/readers/read-input';

const run = (...args: string[]) => runCli(args);

describe('check', () => {
  it('prints nothing and exits 0 for a clean session', async () => {
    const r = await run('check', 'examples/flat-block-turn.jsonl');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('0 error(s), 0 warning(s)');
  });

  it('prints FILE:LOCATION SEVERITY RULE-ID message and exits 1 with errors', async () => {
    const r = await run('check', 'examples/flat-block-broken.jsonl');
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    for (const line of lines) expect(line).toMatch(/^examples\/flat-block-broken\.jsonl:\d+ (error|warning|info) flat\/[a-z-]+ \S.* \[session s1\]$/);
    expect(lines[0]).toBe('examples/flat-block-broken.jsonl:2 error flat/block-delta-without-start content_block_delta for index 0, which has no open block [session s1]');
    // The example breaks these rules on purpose, one line each (see the example's events).
    expect(lines.map((l) => l.split(' ')[2]).sort()).toEqual(
      [
        'flat/block-delta-without-start',
        'flat/group-end-missing-summary',
        'flat/question-answered-with-decisions',
        'flat/question-no-custom-option',
        'flat/todos-multiple-in-progress',
        'flat/tool-result-orphan',
        'flat/tool-without-result',
      ].sort(),
    );
  });

  it('--json prints only an ESLint-style array, one result per session', async () => {
    const r = await run('check', '--json', 'examples/flat-block-broken.jsonl', 'examples/flat-block-reload.har');
    const results = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(results).toHaveLength(2);
    const [broken, reload] = results;
    expect(Object.keys(broken ?? {}).sort()).toEqual(['errorCount', 'file', 'findings', 'frames', 'infoCount', 'protocol', 'session', 'warningCount']);
    expect(broken).toMatchObject({ file: 'examples/flat-block-broken.jsonl', protocol: 'flat-block', frames: 15, errorCount: 4, warningCount: 3 });
    expect((broken?.findings as unknown[])[0]).toEqual({ location: '2', severity: 'error', rule: 'flat/block-delta-without-start', message: 'content_block_delta for index 0, which has no open block' });
    // The History API response and the WebSocket replay of the same session are one session.
    expect(reload).toMatchObject({ session: 'abc-123', protocol: 'flat-block', frames: 10, errorCount: 0, warningCount: 0, findings: [] });
    expect(r.code).toBe(1);
  });

  it('says which sessions of a fixture the capture left holes in, and how many, beside their findings', async () => {
    const { capture } = readInput(await readFile('src/protocols/ag-ui/testdata/valid-tool-call.sse', 'utf8'));
    const frames = capture.frames.map((f, i) => {
      if (i === 3) return { ...f, data: f.data.slice(0, 10), truncated: { originalLength: f.data.length } };
      if (i === 5) return { ...f, notKeptBefore: 4 };
      return f;
    });
    const file = await tempFile('holes.json', JSON.stringify(toCaptureFile({ ...capture, frames })));
    const text = await run('check', file);
    expect(text.stderr).toContain(`${file}: session `);
    expect(text.stderr).toContain(': the capture cut 1 payload(s) short and did not keep 4 frame(s) (its size bound or budget); findings near them may come from the capture, not the stream\n');
    const json = await run('check', '--json', file);
    const [result] = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(result).toMatchObject({ cut: 1, notKept: 4 });
    // A whole fixture says nothing of the kind.
    const whole = await run('check', '--json', 'src/protocols/ag-ui/testdata/valid-tool-call.sse');
    expect(Object.keys((JSON.parse(whole.stdout) as Array<Record<string, unknown>>)[0]!)).not.toContain('notKept');
    expect((await run('check', 'src/protocols/ag-ui/testdata/valid-tool-call.sse')).stderr).not.toContain('the capture cut');
  });

  it('reports replay overlap and gap against the subscription in a HAR', async () => {
    const har = await readFile('examples/flat-block-reload.har', 'utf8');
    const overlap = await tempFile('overlap.har', har.replace('\\"event_id\\":13', '\\"event_id\\":12'));
    const gap = await tempFile('gap.har', har.replace('\\"event_id\\":13', '\\"event_id\\":15'));
    const o = await run('check', overlap);
    expect(o.stdout).toMatch(/:3 error flat\/replay-overlap replayed event "12" is not after last_event_id "12"/);
    expect(o.code).toBe(1);
    const g = await run('check', gap);
    expect(g.stdout).toMatch(/:3 warning flat\/replay-gap .*2 event\(s\) missing/);
    expect(g.code).toBe(0);
  });

  it('exits 2 with a reason, not a stack trace, when an input cannot be read or recognised', async () => {
    const missing = await run('check', 'examples/does-not-exist.jsonl');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('examples/does-not-exist.jsonl: no such file');
    const garbage = await run('check', await tempFile('garbage.txt', 'hello, this is not a stream\n'));
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toMatch(/not a recognised input/);
    expect(garbage.stderr).not.toMatch(/\n\s+at /);
    // A readable file still reports while another is unreadable; the exit code says 2.
    const mixed = await run('check', '--json', 'examples/flat-block-turn.jsonl', 'examples/does-not-exist.jsonl');
    expect(mixed.code).toBe(2);
    expect(JSON.parse(mixed.stdout)).toHaveLength(1);
  });

  it('exits 2 for a file in which no agent protocol is recognised, unless --allow-unknown', async () => {
    const other = await tempFile('other.jsonl', '{"hello":1}\n{"world":2}\n');
    const r = await run('check', '--json', other);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${other}: no agent protocol recognised in 2 frame(s) (--allow-unknown accepts this file)`);
    expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining({ protocol: 'unknown', frames: 2, errorCount: 0, findings: [] })]);
    const allowed = await run('check', '--allow-unknown', other);
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toContain('0 error(s), 0 warning(s), 0 info in 1 session(s)');
    // A History API response with no messages has no agent stream at all: the same rule.
    const empty = await run('check', await tempFile('empty.json', '{"messages": []}'));
    expect(empty.code).toBe(2);
  });

  it('a read failure prints its reason and no totals', async () => {
    const r = await run('check', 'examples/does-not-exist.jsonl');
    expect(r.stderr).toBe('examples/does-not-exist.jsonl: no such file\n');
    expect(r.stdout).toBe('');
  });

  it('rejects unknown commands, options and protocols with usage and exit 2', async () => {
    const command = await run('frobnicate', 'x');
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('unknown command "frobnicate"; commands: check, render');
    const option = await run('check', '--nope', 'x');
    expect(option.code).toBe(2);
    expect(option.stderr.split('\n')[0]).toBe("agent-stream-inspector check: unknown option '--nope'");
    const p = await run('check', '--protocol', 'smoke-signals', 'examples/flat-block-turn.jsonl');
    expect(p.code).toBe(2);
    expect(p.stderr).toContain('unknown protocol "smoke-signals"; valid ids: flat-block, ag-ui, anthropic, openai-chat, openai-responses, aisdk-ui, aisdk-data');
    expect((await run('check', '--format', 'yaml', 'examples/flat-block-turn.jsonl')).stderr).toContain('unknown format "yaml"; formats: text, json, sarif, junit, github');
    expect((await run('check', '--max-warnings', '-1', 'examples/flat-block-turn.jsonl')).code).toBe(2);
    expect((await run('check', '--protocol')).stderr).toContain("option '--protocol <value>' argument missing");
    expect((await run('check')).stderr).toContain('check needs at least one FILE');
    expect((await run()).code).toBe(2);
  });

  it('takes --opt=value as well as --opt value', async () => {
    const r = await run('check', '--format=json', '--protocol=flat-block', 'examples/flat-block-turn.jsonl');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining({ protocol: 'flat-block', errorCount: 0 })]);
  });

  it('--max-warnings N fails a run with more than N warnings, as ESLint does', async () => {
    // The reload example with a gap has one warning and no error.
    const har = await readFile('examples/flat-block-reload.har', 'utf8');
    const gap = await tempFile('gap.har', har.replace('\\"event_id\\":13', '\\"event_id\\":15'));
    expect((await run('check', '--max-warnings', '1', gap)).code).toBe(0);
    const over = await run('check', '--max-warnings=0', gap);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('too many warnings: 1, --max-warnings allows 0');
  });
});

describe('check names the session of each finding', () => {
  it('in a file of several sessions, each line ends with the session its finding is reported on', async () => {
    const r = await run('check', 'examples/openai-tool-loop-broken.har');
    const json = await run('check', '--json', 'examples/openai-tool-loop-broken.har');
    const sessions = (JSON.parse(json.stdout) as { session: string; findings: unknown[] }[]).flatMap((s) => s.findings.map(() => s.session));
    expect(sessions).toEqual(['har-1', 'har-1', 'har-2']);
    expect(r.stdout.trim().split('\n').map((l) => /\[session ([^\]]+)\]$/.exec(l)?.[1])).toEqual(sessions);
  });

  it('prints control characters of a session key escaped, so a key can neither fake a line nor restyle the terminal', async () => {
    const lines = [{ type: 'message_start', message: { message_type: 'chat', session_id: 'a\nb\u001b[31m' } }, { type: 'content_block_delta', index: 0, delta: { text: 'x' } }];
    const file = await tempFile('key.jsonl', lines.map((l) => JSON.stringify(l)).join('\n'));
    const r = await run('check', file);
    expect(r.stdout).toBe(`${file}:2 error flat/block-delta-without-start content_block_delta for index 0, which has no open block [session a\\u{a}b\\u{1b}[31m]\n`);
  });
});

describe('stats and render read tool loops as check does', () => {
  it('stats: on the clean OpenAI and Anthropic loops every call has its result, the follow-up request that carried it', async () => {
    const openai = await run('stats', 'examples/openai-tool-loop.har');
    expect(openai.code).toBe(0);
    expect(openai.stdout).not.toContain('no result');
    expect(openai.stdout.split('\n').filter((l) => l.startsWith('  tool '))).toEqual([
      '  tool get_weather call_1: 967 ms (#3 → #9)',
      '  tool get_weather call_2: 967 ms (#5 → #9)',
      '  tool get_weather call_4: 967 ms (#15 → #19)',
    ]);
    const anthropic = await run('stats', 'examples/anthropic-tool-loop.har');
    expect(anthropic.stdout).not.toContain('no result');
    expect(anthropic.stdout.split('\n').filter((l) => l.startsWith('  tool ')).length).toBe(3);
  });

  it('render: no call of the clean loops is running; each is done', async () => {
    for (const file of ['examples/openai-tool-loop.har', 'examples/anthropic-tool-loop.har']) {
      const r = await run('render', file);
      expect(r.code).toBe(0);
      expect(r.stdout).not.toContain('running');
      expect(r.stdout.split('\n').filter((l) => l.startsWith('● '))).toEqual(Array(3).fill('● done — Get weather (get_weather)'));
    }
    const view = JSON.parse((await run('render', '--json', 'examples/openai-tool-loop.har')).stdout) as { items: { kind: string; status?: string; result?: unknown }[] };
    expect(view.items.filter((i) => i.kind === 'tool').map((i) => [i.status, i.result])).toEqual([
      ['success', '{"temp":21}'],
      ['success', '{"temp":24}'],
    ]);
  });

  it('on the broken loop: a call no request followed waits for the page, one the follow-up left out has no result', async () => {
    const stats = await run('stats', 'examples/openai-tool-loop-broken.har');
    expect(stats.stdout.split('\n').filter((l) => l.startsWith('  tool '))).toEqual([
      '  tool get_weather call_1: 967 ms (#3 → #9)',
      '  tool get_weather call_2: no result in the follow-up request (#5)',
      '  tool get_weather call_4: waiting for the page (#15; no request followed)',
    ]);
    // Findings counted per session as check counts them (the loop's findings go to the follow-up's session).
    const counted = [...stats.stdout.matchAll(/findings: (\d+) error\(s\), (\d+) warning/g)].map((m) => `${m[1]}/${m[2]}`);
    const checked = (JSON.parse((await run('check', '--json', 'examples/openai-tool-loop-broken.har')).stdout) as { errorCount: number; warningCount: number }[]).map((r) => `${r.errorCount}/${r.warningCount}`);
    expect(counted).toEqual(checked);
    const render = await run('render', 'examples/openai-tool-loop-broken.har');
    expect(render.stdout.split('\n').filter((l) => l.startsWith('● '))).toEqual([
      '● done — Get weather (get_weather)',
      '● no result sent back — Get weather (get_weather)',
      '● waiting for the page — Get weather (get_weather)',
    ]);
  });
});

describe('help and version', () => {
  it('--version prints the package version', async () => {
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) expect(await run(flag)).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it('--help lists every command; <command> --help its grouped options', async () => {
    const general = await run('--help');
    expect(general.code).toBe(0);
    expect(general.stdout).toMatch(/^Commands:\n {2}check {3,}\S.*\n {2}render {3,}\S/m);
    expect((await run('help')).stdout).toBe(general.stdout);
    const check = await run('check', '--help');
    expect(check.code).toBe(0);
    expect(check.stdout.startsWith('Usage: agent-stream-inspector check [options] FILE...')).toBe(true);
    for (const group of ['Output:', 'Checking:', 'Other:']) expect(check.stdout).toContain(`\n${group}\n`);
    for (const option of ['--format NAME', '--json', '--protocol ID', '--allow-unknown', '--max-warnings N', '--debug']) expect(check.stdout).toContain(option);
    expect((await run('help', 'render')).stdout).toBe((await run('render', '-h')).stdout);
  });

  it("every command's help fits 100 columns and starts each option's text in one column", async () => {
    for (const command of commands) {
      const lines = (await run(command.name, '--help')).stdout.split('\n');
      for (const line of lines) expect(line.length, `${command.name}: ${line}`).toBeLessThanOrEqual(100);
      const options = lines.filter((l) => /^ {2}(-\w, | {4})--/.test(l));
      expect(options.length, command.name).toBeGreaterThan(2);
      // An option too long for the column stands alone on its line, its text on the next.
      for (const line of options) {
        const aligned = /^.{22}\S/.test(line) && line.charAt(21) === ' ';
        const alone = /^ {6}--\S+( [A-Z]+)?$/.test(line);
        expect(aligned || alone, `${command.name}: ${line}`).toBe(true);
      }
    }
  });
});

describe('internal failures', () => {
  const failing = (error: unknown): Command => ({
    name: 'explode',
    summary: 'fails',
    usage: 'Usage: explode',
    options: {},
    run: () => Promise.reject(error),
  });

  const runWith = (command: Command, ...args: string[]) => runCli(args, [command]);

  it('exit 3 with one line naming the file, never a bare stack trace; --debug adds the stack', async () => {
    const r = await runWith(failing(new InternalFailure('capture.har', new TypeError('x is not a function'))), 'explode');
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('agent-stream-inspector explode: capture.har: internal failure: TypeError: x is not a function (--debug prints the stack)\n');
    const debug = await runWith(failing(new InternalFailure('capture.har', new TypeError('x is not a function'))), 'explode', '--debug');
    expect(debug.code).toBe(3);
    expect(debug.stderr).toMatch(/internal failure: TypeError: x is not a function\nTypeError: x is not a function\n\s+at /);
  });

  it('survives a thrown value that is not an Error and cannot be turned into a string', async () => {
    const r = await runWith(failing({ toString: 0 }), 'explode');
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('agent-stream-inspector explode: internal failure: [object Object] (--debug prints the stack)\n');
  });
});

describe('render', () => {
  it('prints the reference rendering of a reload: history then the continued stream', async () => {
    const r = await run('render', 'examples/flat-block-reload.har');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      'user: thị trường hôm nay',
      'assistant [brand, part]: Chào Thảo! Chờ mình cập nhật nhé.',
      'group "Phân tích thị trường phiên 25/03/2026" (done)',
      '  todos — Lập kế hoạch phân tích (write_todos)',
      '      ✓ ~Lấy dữ liệu giá VNINDEX~',
      '      ● **Đang tìm tin tức mới nhất**',
      '      ○ Viết nhận định',
      '  ● done — Phân tích giá VNINDEX (analyze_price)',
      '  ● done — Tìm kiếm tin tức mới nhất (web_search)',
      '  ✓ Hoàn thành',
      'assistant [final]: VNINDEX hôm nay tăng 2.69%, thanh khoản cải thiện.',
      'Todos:',
      '  ✓ ~Lấy dữ liệu giá VNINDEX~',
      '  ● **Đang tìm tin tức mới nhất**',
      '  ○ Viết nhận định',
      '',
    ]);
  });

  it('says on stderr when the session shows nothing, and under its header when one of several does', async () => {
    const started = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
    const finished = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };
    const lone = await tempFile('empty-run.json', JSON.stringify([started, finished]));
    const r = await run('render', lone);
    expect([r.code, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toBe(`${lone}: nothing to show: no message, tool call or note in its 2 frame(s)\n`);

    // Two AG-UI streams on their own connections: the first empty, the second with an answer.
    const events = (id: string, list: object[]) => list.map((e) => ({ connectionId: id, direction: 'in' as const, kind: 'message' as const, data: JSON.stringify(e) }));
    const text = [{ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hello' }, { type: 'TEXT_MESSAGE_END', messageId: 'm' }];
    // Their own threads too: one thread's runs are one session.
    const other = (e: object) => ({ ...e, threadId: 't2', runId: 'r2' });
    const frames = [...events('a', [started, finished]), ...events('b', [other(started), ...text, other(finished)])].map((f, index) => ({ ...f, index, time: index }));
    const connections = ['a', 'b'].map((id) => ({ id, transport: 'sse' as const, method: 'POST', url: `http://127.0.0.1:8000/agent/${id}` }));
    const two = await tempFile('two-runs.json', JSON.stringify(toCaptureFile({ connections, frames })));
    const both = await run('render', '--protocol', 'ag-ui', two);
    expect(both.code).toBe(0);
    expect(both.stderr).toBe('');
    const lines = both.stdout.split('\n');
    expect(lines[0]).toMatch(/^== session .* \(ag-ui, 2 frames\) ==$/);
    expect(lines[1]).toBe('(nothing to show: no message, tool call or note)');
    expect(lines[2]).toMatch(/^== session .* \(ag-ui, 5 frames\) ==$/);
    expect(lines.slice(3).join('\n')).toContain('Hello');
  });

  it('--json prints the view model', async () => {
    const r = await run('render', '--json', 'examples/flat-block-turn.jsonl');
    const view = JSON.parse(r.stdout);
    expect(view.protocol).toBe('flat-block');
    expect(view.streaming).toBe(false);
    expect(view.items.map((i: { kind: string }) => i.kind)).toEqual(['text', 'group', 'text']);
    expect(view.items[1]).toMatchObject({ kind: 'group', summary: 'Tìm kiếm thông tin', done: true, open: false });
  });
});

describe('the bin entry', () => {
  it('runs as a real process and sets its exit code', async () => {
    const exec = promisify(execFile);
    const { stdout } = await exec('node', ['--import', 'tsx', 'src/cli/run.ts', 'check', '--json', 'examples/flat-block-turn.jsonl']);
    expect(JSON.parse(stdout)).toEqual([expect.objectContaining({ protocol: 'flat-block', errorCount: 0, warningCount: 0 })]);
    await expect(exec('node', ['--import', 'tsx', 'src/cli/run.ts', 'check', 'examples/flat-block-broken.jsonl'])).rejects.toMatchObject({ code: 1 });
  }, 30_000);
});
