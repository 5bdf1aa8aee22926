// The shell tool's streamed commands (by command_index, addressed by output_index alone) and its
// streamed output, which the done output item repeats whole.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { itemFor } from './item-lookup';
import type { ShellEvent } from './schema';
import type { ResponseState } from './state';

export function shellEvent(resp: ResponseState, ev: ShellEvent, frame: Frame, sink: FindingSink): void {
  const output = ev.type.startsWith('response.shell_call_output_content');
  const item = itemFor(resp, ev, [output ? 'shell_call_output' : 'shell_call'], frame, sink);
  if (!item) return;
  item.view?.frames.push(frame.index);
  if (output) return;
  const commands = (item.commands ??= []);
  const at = ev.command_index ?? commands.length;
  // `added` and `done` carry the whole command (empty at first); deltas extend it.
  if (ev.type.endsWith('.delta')) commands[at] = (commands[at] ?? '') + (typeof ev.delta === 'string' ? ev.delta : '');
  else if (typeof ev.command === 'string') commands[at] = ev.command;
  if (item.view?.kind === 'tool') item.view.inputText = commands.filter((c) => c !== undefined).join('\n');
}
