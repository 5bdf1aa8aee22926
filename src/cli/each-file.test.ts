import { describe, expect, it } from 'vitest';
import { eachFile } from './each-file';
import { EXIT } from './command';
import { InputError } from '../readers/read-input';

function output() {
  const err: string[] = [];
  return { err, out: { stdout: () => {}, stderr: (text: string) => void err.push(text) } };
}

describe('eachFile', () => {
  it('goes on past a file it cannot read and one it fails on, and exits with the worst', async () => {
    const { err, out } = output();
    const seen: string[] = [];
    const exit = await eachFile(['a', 'bad', 'boom', 'd'], out, false, async (file) => {
      seen.push(file);
      if (file === 'bad') throw new InputError('not a recognised input');
      if (file === 'boom') throw new TypeError('x is undefined');
    });
    expect(seen).toEqual(['a', 'bad', 'boom', 'd']);
    expect(exit).toBe(EXIT.internal);
    expect(err).toEqual(['bad: not a recognised input\n', 'boom: internal failure: TypeError: x is undefined\n']);
  });

  it('exits 2 when a file cannot be read and the tool failed on none, 0 when all went well; --debug adds the stack', async () => {
    expect(await eachFile(['a', 'bad'], output().out, false, async (f) => { if (f === 'bad') throw new InputError('empty'); })).toBe(EXIT.unreadable);
    expect(await eachFile(['a'], output().out, false, async () => {})).toBe(EXIT.ok);
    const { err, out } = output();
    await eachFile(['boom'], out, true, async () => {
      throw new Error('deep');
    });
    expect(err[1]).toMatch(/^Error: deep\n\s+at /);
  });
});
