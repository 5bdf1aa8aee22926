// The OTLP/JSON file `otel` writes, as text: the spans under this package's resource and scope. The
// CLI and the panel's "OpenTelemetry (OTLP/JSON)" export both write it through here.
import { inspect } from '../api/inspect';
import { packageInfo } from '../model/package-info';
import { otlpJson } from './otlp-json';
import { captureSpans, type Span } from './spans';

export function otlpText(spans: readonly Span[], serviceName: string = packageInfo.name): string {
  return `${JSON.stringify(otlpJson(spans, { serviceName, scope: { name: packageInfo.name, version: packageInfo.version } }))}\n`;
}

/**
 * What `otel FILE` writes for a file holding `text` (any input `import` reads), `file` being the name
 * it is given on the command line: the ids are derived from it.
 */
export function otlpOfInputText(text: string, file: string): string {
  return otlpText(captureSpans(inspect(text).sessions, file));
}
