// `render FILE`: the reference rendering as indented text, or with --json the view model.
import { renderText } from '../model/render-text';
import { MAX_PRINT_DEPTH, safeJson } from '../model/safe-text';
import type { ProtocolId } from '../protocols/types';
import { analyseFile, UnreadableInput } from './analyse';
import type { Output } from './output';

export interface RenderOptions {
  json: boolean;
  protocol?: ProtocolId;
  /** The session key to show; all sessions when absent (text) or the first (JSON). */
  session?: string;
  expand: boolean;
}

export async function runRender(file: string, options: RenderOptions, out: Output): Promise<number> {
  let analysed;
  try {
    analysed = await analyseFile(file, options.protocol);
  } catch (err) {
    if (!(err instanceof UnreadableInput)) throw err;
    out.stderr(`${file}: ${err.message}\n`);
    return 2;
  }
  let sessions = analysed.sessions;
  if (options.session !== undefined) {
    sessions = sessions.filter((s) => s.key === options.session);
    if (sessions.length === 0) {
      out.stderr(`${file}: no session "${options.session}"; sessions: ${analysed.sessions.map((s) => s.key).join(', ') || 'none'}\n`);
      return 2;
    }
  }
  if (sessions.length === 0) {
    out.stderr(`${file}: no agent stream found in this ${analysed.format} input\n`);
    return 2;
  }
  if (options.json) {
    const [first] = sessions;
    if (sessions.length > 1) out.stderr(`${file}: ${sessions.length} sessions; showing "${first?.key}" (choose with --session)\n`);
    out.stdout(`${first ? safeJson(first.pipeline.view(), { indent: 2, maxDepth: MAX_PRINT_DEPTH }) : 'undefined'}\n`);
    return 0;
  }
  for (const s of sessions) {
    if (sessions.length > 1) out.stdout(`== session ${s.key} (${s.pipeline.protocol}, ${s.pipeline.frames.length} frames) ==\n`);
    out.stdout(renderText(s.pipeline.view(), { expandRunning: options.expand }));
  }
  return 0;
}
