// `render FILE`: the reference rendering as indented text, or with --json the view model.
import { joinedView, NOTHING_TO_SHOW, renderSessions } from '../api/render';
import { recognised } from '../api/inspect';
import { InputError } from '../readers/read-input';
import { MAX_PRINT_DEPTH, safeJson } from '../model/safe-text';
import { analyseFile } from './analyse';
import { EXIT, type Command } from './command';
import { COMMON_HELP, PROTOCOL_HELP, protocolOption, UsageError } from './common-options';

export const renderCommand: Command = {
  name: 'render',
  summary: 'print what a correct client shows for a capture (text or view model)',
  usage: `Usage: agent-stream-inspector render [options] FILE

Output:
      --json          print the view model instead of the text
      --expand        show every item of running groups (the UI shows the newest 3)
      --session KEY   render this session only (text: all sessions; --json: the first)

Reading:
${PROTOCOL_HELP}
      --allow-unknown render a file in which no agent protocol is recognised (exit 0, not 2)

Other:
${COMMON_HELP}

Exit 0: rendered; 2: the input cannot be read, has no such session, or no agent protocol is
recognised in it; 3: the tool failed.`,
  options: {
    json: { type: 'boolean' },
    expand: { type: 'boolean' },
    session: { type: 'string' },
    protocol: { type: 'string' },
    'allow-unknown': { type: 'boolean' },
  },
  async run({ values, positionals }, out) {
    const protocol = protocolOption(values.protocol);
    if (positionals.length !== 1) throw new UsageError('render takes exactly one FILE');
    const file = positionals[0] as string;
    let analysed;
    try {
      analysed = await analyseFile(file, protocol);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      out.stderr(`${file}: ${err.message}\n`);
      return EXIT.unreadable;
    }
    if (analysed.sessions.length === 0) {
      out.stderr(`${file}: no agent stream found in this ${analysed.format} input\n`);
      return EXIT.unreadable;
    }
    if (values['allow-unknown'] !== true && !recognised(analysed)) {
      out.stderr(`${file}: no agent protocol recognised (--allow-unknown renders it raw)\n`);
      return EXIT.unreadable;
    }
    const key = typeof values.session === 'string' ? values.session : undefined;
    const sessions = key === undefined ? analysed.sessions : analysed.sessions.filter((s) => s.key === key);
    if (sessions.length === 0) {
      out.stderr(`${file}: no session "${key}"; sessions: ${analysed.sessions.map((s) => s.key).join(', ')}\n`);
      return EXIT.unreadable;
    }
    if (values.json === true) {
      const [first] = sessions;
      if (sessions.length > 1) out.stderr(`${file}: ${sessions.length} sessions; showing "${first?.key}" (choose with --session)\n`);
      out.stdout(`${first ? safeJson(joinedView(analysed.sessions, first), { indent: 2, maxDepth: MAX_PRINT_DEPTH }) : 'undefined'}\n`);
      return EXIT.ok;
    }
    const text = renderSessions(sessions, { expand: values.expand === true }, analysed.sessions);
    // One session that renders as nothing: said on stderr, so stdout stays the rendering (empty).
    if (text === '') out.stderr(`${file}: ${NOTHING_TO_SHOW} in its ${sessions[0]?.pipeline.frameCount ?? 0} frame(s)\n`);
    out.stdout(text);
    return EXIT.ok;
  },
};
