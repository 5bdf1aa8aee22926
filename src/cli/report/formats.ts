// The output formats of `check --format`.
import type { Output } from '../output';
import type { CheckReport } from './check-report';
import { writeGithub } from './github-format';
import { writeJson } from './json-format';
import { writeJunit } from './junit-format';
import { writeSarif } from './sarif-format';
import { writeText } from './text-format';

export const checkFormats = {
  text: writeText,
  json: writeJson,
  sarif: writeSarif,
  junit: writeJunit,
  github: writeGithub,
} satisfies Record<string, (report: CheckReport, out: Output) => void>;

export type CheckFormat = keyof typeof checkFormats;

export function isCheckFormat(name: string): name is CheckFormat {
  return Object.hasOwn(checkFormats, name);
}
