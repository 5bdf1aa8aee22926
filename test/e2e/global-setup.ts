// Builds the extension once before the browser tests load it into Chromium.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync('npx', ['wxt', 'build', '-b', 'chrome'], { stdio: 'inherit' });
}
