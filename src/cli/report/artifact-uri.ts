// A file as a SARIF artifact URI: a relative path stays relative (code scanning resolves it against
// the repository root), an absolute one becomes a file: URL.
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';

export function artifactUri(file: string): string {
  if (isAbsolute(file)) return pathToFileURL(file).href;
  return file
    .replace(/\\/g, '/')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}
