// The npm package as a user gets it: `npm pack` in this clone, `npm install <tarball>` into a fresh
// project (runtime dependencies only, from the npm cache where it has them), then the bin through npx,
// the CI report formats, the API and the matchers from JavaScript, and the types from TypeScript.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { protocols } from '../../src/protocols/registry';

const exec = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(await readFile(join(repo, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };

let project: string;
let tarballFiles: string[];
let manifestBefore: string;
let manifestAfter: string;
let packedManifest: { scripts?: Record<string, string> };

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command in the consumer project; a non-zero exit is a result, not a throw. */
async function run(file: string, args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await exec(file, args, { cwd: project, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw err;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const cli = (...args: string[]) => run('npx', ['agent-stream-inspector', ...args]);
const example = (name: string) => `node_modules/${pkg.name}/examples/${name}`;

beforeAll(async () => {
  const packDir = await mkdtemp(join(tmpdir(), 'asi-pack-'));
  // `npm pack` with its scripts, as a publish runs them: `prepack` builds and takes `prepare` (wxt
  // prepare) out of package.json before npm reads it, so npm neither runs it here nor packs it;
  // `postpack` puts package.json back.
  manifestBefore = await readFile(join(repo, 'package.json'), 'utf8');
  const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', packDir], { cwd: repo, maxBuffer: 64 * 1024 * 1024 });
  manifestAfter = await readFile(join(repo, 'package.json'), 'utf8');
  // The scripts' own output comes first on stdout; npm's JSON report is the array after it.
  const [packed] = JSON.parse(stdout.slice(Math.max(0, stdout.search(/^\[/m)))) as { filename: string; files: { path: string }[] }[];
  if (!packed) throw new Error('npm pack gave no tarball');
  tarballFiles = packed.files.map((f) => f.path);
  const tar = await exec('tar', ['-xOzf', join(packDir, packed.filename), 'package/package.json']);
  packedManifest = JSON.parse(tar.stdout) as typeof packedManifest;

  project = await mkdtemp(join(tmpdir(), 'asi-consumer-'));
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
  await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(packDir, packed.filename)], { cwd: project });
}, 600_000);

describe('the packed package', () => {
  it('holds the built JavaScript, the types, the docs and the examples, and no sources or tests', () => {
    for (const path of ['bin/agent-stream-inspector.mjs', 'dist/cli.cjs', 'dist/cli-licenses.txt', 'dist/index.js', 'dist/index.d.ts', 'dist/matchers.js', 'dist/matchers.d.ts', 'package.json', 'README.md', 'examples/flat-block-reload.har']) {
      expect(tarballFiles).toContain(path);
    }
    expect(tarballFiles.filter((p) => /^(src|test|bench|entrypoints|demo|scripts|node_modules)\//.test(p) || p.endsWith('.ts') && !p.endsWith('.d.ts'))).toEqual([]);
  });

  it('has no script a consumer\'s npm would run (no `prepare`), while the clone keeps `prepare` for npm ci', async () => {
    const lifecycle = ['preinstall', 'install', 'postinstall', 'prepare'];
    expect(Object.keys(packedManifest.scripts ?? {}).filter((name) => lifecycle.includes(name))).toEqual([]);
    expect(manifestAfter).toBe(manifestBefore);
    expect((JSON.parse(manifestAfter) as { scripts: Record<string, string> }).scripts.prepare).toBe('wxt prepare');
    // The tarball npm pack leaves in the clone is not committed.
    const tarball = `${pkg.name}-${pkg.version}.tgz`;
    expect((await exec('git', ['check-ignore', tarball], { cwd: repo })).stdout.trim()).toBe(tarball);
  });

  it('installs with its runtime dependencies only: no TypeScript runner, no build tools', () => {
    for (const dep of Object.keys(pkg.dependencies)) expect(existsSync(join(project, 'node_modules', dep))).toBe(true);
    for (const dev of ['tsx', 'typescript', 'esbuild', 'wxt', 'vitest']) expect(existsSync(join(project, 'node_modules', dev)), dev).toBe(false);
  });

  it('npx agent-stream-inspector --version prints the version', async () => {
    expect(await cli('--version')).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
  });

  it('check --format sarif, junit and github run on an example', async () => {
    const sarif = await cli('check', '--format', 'sarif', example('flat-block-broken.jsonl'));
    expect(sarif.code).toBe(1);
    const log = JSON.parse(sarif.stdout) as { version: string; runs: { results: { ruleId: string }[] }[] };
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0]?.results).toHaveLength(7);

    const junit = await cli('check', '--format', 'junit', example('flat-block-broken.jsonl'), example('flat-block-reload.har'));
    expect(junit.code).toBe(1);
    expect(junit.stdout).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="agent-stream-inspector" tests="2" failures="1" errors="0">/);

    const github = await cli('check', '--format', 'github', example('flat-block-broken.jsonl'));
    expect(github.code).toBe(1);
    expect(github.stdout.split('\n')[0]).toBe(`::error file=${example('flat-block-broken.jsonl')},line=2,title=flat/block-delta-without-start::content_block_delta for index 0, which has no open block`);

    const clean = await cli('check', example('flat-block-reload.har'));
    expect(clean).toMatchObject({ code: 0, stdout: '' });
  });

  it('keeps a code cache in the project node_modules/.cache, and runs the same with a damaged one', async () => {
    const dir = join(project, 'node_modules/.cache/agent-stream-inspector');
    const first = await cli('check', '--json', example('flat-block-broken.jsonl'));
    expect(first.code).toBe(1);
    const caches = (await readdir(dir)).filter((name) => name.endsWith('.v8'));
    expect(caches).toHaveLength(1);
    expect((await stat(join(dir, caches[0]!))).size).toBeGreaterThan(100_000);
    expect(await cli('check', '--json', example('flat-block-broken.jsonl'))).toEqual(first);
    // V8 turns down a cache that is not its own; the CLI then compiles as without one and writes a new one.
    await writeFile(join(dir, caches[0]!), Buffer.alloc(4096, 7));
    expect(await cli('check', '--json', example('flat-block-broken.jsonl'))).toEqual(first);
    expect((await stat(join(dir, caches[0]!))).size).toBeGreaterThan(100_000);
  });

  it('serve replays examples/flat-block-reload.har: its History API answer, then its WebSocket frames to a client that sends the recorded subscription', async () => {
    // Expected values straight from the HAR, not through the package's own readers.
    const har = JSON.parse(await readFile(join(repo, 'examples/flat-block-reload.har'), 'utf8')) as {
      log: { entries: { request: { url: string }; response: { content: { text?: string } }; _webSocketMessages?: { type: string; data: string }[] }[] };
    };
    const history = har.log.entries.find((e) => !e._webSocketMessages)!;
    const socket = har.log.entries.find((e) => e._webSocketMessages)!;
    const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
    const sent = socket._webSocketMessages!.filter((m) => m.type === 'send').map((m) => m.data);
    const expected = socket._webSocketMessages!.filter((m) => m.type === 'receive').map((m) => m.data);

    // The installed bin run by node itself (npx was tested above), so Ctrl+C reaches the server directly.
    const bin = join('node_modules', pkg.name, 'bin/agent-stream-inspector.mjs');
    const child = spawn('node', [bin, 'serve', '--no-delay', example('flat-block-reload.har')], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
    try {
      const base = await new Promise<string>((resolveUrl, reject) => {
        const timer = setTimeout(() => reject(new Error(`serve did not get ready: ${stdout}`)), 60_000);
        child.stdout.on('data', () => {
          const ready = /at (http:\/\/127\.0\.0\.1:\d+)\n[\s\S]*Ready\./.exec(stdout);
          if (ready) {
            clearTimeout(timer);
            resolveUrl(ready[1]!);
          }
        });
        child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stdout}`)));
      });
      const answer = await fetch(`${base}${pathOf(history.request.url)}`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(history.response.content.text);

      const client = new WebSocket(`${base.replace(/^http/, 'ws')}${pathOf(socket.request.url)}`);
      const received: string[] = [];
      await new Promise<void>((done, fail) => {
        client.on('open', () => client.send(sent[0]!));
        client.on('message', (data) => {
          received.push(String(data));
          if (received.length === expected.length) done();
        });
        client.on('error', fail);
      });
      client.close();
      expect(received).toEqual(expected);
    } finally {
      child.kill('SIGINT');
    }
    const code = await new Promise<number | null>((done) => (child.exitCode !== null ? done(child.exitCode) : child.on('exit', done)));
    expect(code).toBe(0);
    expect(stdout).toContain('Stopped. 0 difference(s)');
  });

  it('the API and the matchers import by the package name', async () => {
    await writeFile(
      join(project, 'api.mjs'),
      `import { check, render, readInputFile, protocolIds } from 'agent-stream-inspector';
import { agentStreamMatchers } from 'agent-stream-inspector/matchers';
const capture = await readInputFile(${JSON.stringify(example('flat-block-reload.har'))});
const [result] = check(capture, { file: 'reload.har' });
const followed = agentStreamMatchers.toFollowProtocol.call({}, ${JSON.stringify(example('flat-block-broken.jsonl'))});
console.log(JSON.stringify({ result, firstLine: render(capture).split('\\n')[0], protocols: protocolIds.length, followed: followed.pass }));
`,
    );
    const r = await run('node', ['api.mjs']);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      result: expect.objectContaining({ file: 'reload.har', session: 'abc-123', protocol: 'flat-block', errorCount: 0 }),
      firstLine: 'user: thị trường hôm nay',
      // Every protocol of this clone is in the package.
      protocols: protocols.length,
      followed: false,
    });
  });

  it('its types check in a TypeScript project (nodenext resolution, strict, library checking on)', async () => {
    await writeFile(
      join(project, 'consumer.ts'),
      `import { check, render, type CheckResult, type ViewModel } from 'agent-stream-inspector';
import type { AgentStreamMatchers } from 'agent-stream-inspector/matchers';
const results: CheckResult[] = check('{"type":"message_stop"}');
const view: ViewModel = render('{"type":"message_stop"}', { format: 'view' });
const text: string = render('{"type":"message_stop"}');
declare const matchers: AgentStreamMatchers<void>;
matchers.toFollowProtocol({ protocol: 'anthropic', allowWarnings: ['anthropic/missing-done'] });
// @ts-expect-error: not a protocol id
check('x', { protocol: 'smoke-signals' });
export { results, view, text };
`,
    );
    const tsc = join(repo, 'node_modules/typescript/bin/tsc');
    const r = await run('node', [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--typeRoots', join(repo, 'node_modules/@types'), '--types', 'node', 'consumer.ts']);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});
