// `diff A B`: what changed between two captures of the same conversation. Sessions are aligned by the
// user's prompt and the step within it, then each pair is compared: the answer word by word, the tool
// calls (names, order, arguments), findings new and gone, time to first token, duration, tokens and
// cost. Exit 1 when a difference passes the thresholds (by default any change of text, tools or
// findings), so CI can gate a change on it.
import { analyseFile } from './analyse';
import { EXIT, type Command } from './command';
import { COMMON_HELP, PROTOCOL_HELP, protocolOption, UsageError } from './common-options';
import { InputError } from '../readers/read-input';
import { loadPricer } from '../analysis/usage/price';
import { DIFFERENCE_KINDS, type DifferenceKind } from '../diff/diff-runs';
import { diffInputs, type DiffInput } from '../diff/diff-inputs';
import { diffText } from '../diff/diff-text';

function failOnOption(value: unknown): DifferenceKind[] {
  if (value === undefined) return [...DIFFERENCE_KINDS];
  if (typeof value !== 'string') throw new UsageError('--fail-on needs a list such as text,tools,findings');
  if (value === 'none') return [];
  const kinds = value.split(',').map((k) => k.trim()).filter((k) => k !== '');
  for (const k of kinds) if (!(DIFFERENCE_KINDS as readonly string[]).includes(k)) throw new UsageError(`--fail-on: unknown kind "${k}" (kinds: ${DIFFERENCE_KINDS.join(', ')}, or none)`);
  return kinds as DifferenceKind[];
}

function slowdownOption(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)%?$/.exec(value.trim()) : null;
  if (!match) throw new UsageError('--max-slowdown needs a percentage such as 20%');
  return Number(match[1]) / 100;
}

export const diffCommand: Command = {
  name: 'diff',
  summary: 'what changed between two captures: answers, tool calls, findings, timing, tokens, cost',
  usage: `Usage: agent-stream-inspector diff [options] A B

Aligns the sessions of two captures of the same conversation by the user's prompt and the step
within it (a tool loop's follow-up requests are steps 1, 2…), then compares each pair: the answer
word by word ([-removed-]{+added+}), the tool calls (names, order, arguments as a JSON Patch),
findings new and gone, time to first token, duration, tokens and cost.

Options:
      --json          the comparison as JSON
      --fail-on KINDS exit 1 when these differ: text, tools, findings (new ones), comma-separated,
                      or none (default: text,tools,findings; a turn in one capture only is text)
      --max-slowdown PCT
                      exit 1 when a turn's time to first token or duration grew by more than PCT
                      (e.g. 20%)
${PROTOCOL_HELP}
${COMMON_HELP}

Exit 0: no difference passes the thresholds; 1: one does; 2: an input cannot be read; 3: the tool
failed.`,
  options: {
    json: { type: 'boolean' },
    'fail-on': { type: 'string' },
    'max-slowdown': { type: 'string' },
    protocol: { type: 'string' },
  },
  async run({ values, positionals }, out) {
    const protocol = protocolOption(values.protocol);
    const failOn = failOnOption(values['fail-on']);
    const maxSlowdown = slowdownOption(values['max-slowdown']);
    if (positionals.length !== 2) throw new UsageError('diff takes exactly two FILEs: A B');
    const pricer = await loadPricer();
    const inputs: DiffInput[] = [];
    for (const file of positionals) {
      try {
        inputs.push(await analyseFile(file, protocol, { keepFrames: true }));
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        out.stderr(`${file}: ${err.message}\n`);
        return EXIT.unreadable;
      }
    }
    const [a, b] = positionals as [string, string];
    const result = diffInputs(inputs[0] as DiffInput, inputs[1] as DiffInput, maxSlowdown === undefined ? { failOn } : { failOn, maxSlowdown }, pricer);
    if (values.json === true) out.stdout(`${JSON.stringify({ a, b, ...result }, null, 2)}\n`);
    else out.stdout(diffText(result, { a, b }));
    return result.failures.length > 0 ? EXIT.findings : EXIT.ok;
  },
};
