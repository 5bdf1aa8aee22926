// The package's name, version and documentation address, read from package.json at build time
// (the bundler inlines these fields), so `--version` costs no file read.
import { homepage, name, version } from '../../package.json';

export const packageInfo = {
  name,
  version,
  homepage,
  /** The rule reference in the repository; rule anchors are built by `ruleAnchor`. */
  rulesDocUrl: `${homepage}/blob/main/docs/rules.md`,
} as const;
