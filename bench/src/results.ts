import { mkdirSync, writeFileSync } from 'node:fs';

/** Writes `bench/results/<file>`: the run's time first, then `data`, as indented JSON. */
export function writeResults(file: string, data: Record<string, unknown>): void {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    new URL(file, dir),
    `${JSON.stringify({ at: new Date().toISOString(), ...data }, null, 2)}\n`,
  );
}
