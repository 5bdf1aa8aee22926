// Runs the CLI in-process and collects what it prints; writes throwaway input files.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from './command';
import { main } from './main';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], commands?: readonly Command[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const out = { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t) };
  const code = commands ? await main(args, out, commands) : await main(args, out);
  return { code, stdout, stderr };
}

export async function tempFile(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'asi-cli-'));
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}
