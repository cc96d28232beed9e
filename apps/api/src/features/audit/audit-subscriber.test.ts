import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHANGE_REACTIONS } from '../../change-subscribers.ts';
import { auditLog } from './audit-log.ts';

const SRC = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Issue 22: the audit log is derived from the change record by one subscriber. A service says
 * what changed (`tx.emit({ ...change, ...audited(entry) })`); it does not write the log itself.
 * Sign-ins and an impersonation's start and end change no record: their services record them.
 */
describe('the audit log follows the change record', () => {
  it('is a registered reaction of the change backbone', () => {
    expect(CHANGE_REACTIONS).toContain(auditLog.fromChanges);
  });

  it('no service writes the log but sign-in and impersonation (events, not changes of a record)', () => {
    const callers = sources(SRC)
      .filter((path) => readFileSync(path, 'utf8').includes('auditLog.record('))
      .map((path) => relative(SRC, path).replaceAll('\\', '/'))
      .sort();
    expect(callers).toEqual([
      'features/audit/audit-log.ts',
      'features/auth/auth.service.ts',
      'features/impersonation/impersonation.service.ts',
    ]);
  });
});
