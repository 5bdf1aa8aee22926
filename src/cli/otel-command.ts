// `otel FILE…`: the captures as OpenTelemetry traces under the GenAI semantic conventions, written as
// one OTLP/JSON ExportTraceServiceRequest (src/otel/), ready to POST to a collector's /v1/traces.
import { writeFile } from 'node:fs/promises';
import { analyseFile } from './analyse';
import type { Command } from './command';
import { COMMON_HELP, PROTOCOL_HELP, protocolOption, UsageError } from './common-options';
import { eachFile } from './each-file';
import { packageInfo } from '../model/package-info';
import { captureSpans, type Span } from '../otel/spans';
import { otlpText } from '../otel/otlp-text';
import { pushAll } from '../model/push-all';

export const otelCommand: Command = {
  name: 'otel',
  summary: 'write captures as OpenTelemetry traces (OTLP/JSON, GenAI semantic conventions)',
  usage: `Usage: agent-stream-inspector otel [options] FILE...

Writes one OTLP/JSON ExportTraceServiceRequest for all FILEs (the body a collector takes at
/v1/traces): a span per request (gen_ai.* attributes: operation, provider, model, finish reasons,
token usage, conversation id), its frames as events with the first token marked, each tool call as a
child span, each finding as an event with its rule and severity, and a link from each follow-up
request to the request it continues. Requests of one conversation share a trace.

Options:
      --out FILE      write to FILE instead of stdout
      --service NAME  the resource's service.name (default agent-stream-inspector)
${PROTOCOL_HELP}
${COMMON_HELP}

Exit 0; 2: an input cannot be read; 3: the tool failed.`,
  options: {
    out: { type: 'string' },
    service: { type: 'string' },
    protocol: { type: 'string' },
  },
  async run({ values, positionals }, out) {
    const protocol = protocolOption(values.protocol);
    if (positionals.length === 0) throw new UsageError('otel needs at least one FILE');
    const spans: Span[] = [];
    const exit = await eachFile(positionals, out, values.debug === true, async (file) => {
      // Frames are kept: each becomes an event, and times are read from them.
      const analysed = await analyseFile(file, protocol, { keepFrames: true });
      if (analysed.sessions.length === 0) out.stderr(`${file}: no agent stream found in this ${analysed.format} input\n`);
      pushAll(spans, captureSpans(analysed.sessions, file));
    });
    const service = typeof values.service === 'string' && values.service !== '' ? values.service : packageInfo.name;
    const text = otlpText(spans, service);
    if (typeof values.out === 'string') await writeFile(values.out, text);
    else out.stdout(text);
    return exit;
  },
};
