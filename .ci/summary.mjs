// Sums the closing lines of Vitest ("Tests  3 failed | 40 passed (43)") and Playwright
// ("  12 passed (40s)", "  1 failed", "  2 flaky") in the given logs into one line.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8').replace(
    new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'),
    '',
  );
  for (const line of text.split('\n')) {
    const vitest = line.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/);
    const parts = vitest
      ? vitest[1]
      : /^\s+\d+ (passed|failed|flaky|skipped)( \(.*\))?\s*$/.test(line)
        ? line
        : null;
    if (!parts) continue;
    for (const m of parts.matchAll(/(\d+) (passed|failed|flaky|skipped)/g)) {
      const n = Number(m[1]);
      if (m[2] === 'passed' || m[2] === 'flaky') passed += n;
      else if (m[2] === 'failed') failed += n;
      else skipped += n;
    }
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
