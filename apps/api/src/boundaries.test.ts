import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The API's feature boundary (issue 22, eslint.config.js `apiBoundaries`): a feature imports
 * another only through that feature's index.ts. Shown here by linting snippets as if they were
 * files of a feature, with the project's own ESLint configuration.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/api/src/features/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the API feature boundary', () => {
  it("fails on an import of another feature's repository, or any other file of it", async () => {
    const repo = await problems(
      'users/probe.ts',
      "import { tasksRepo } from '../tasks/tasks.repo.ts';\nexport const x = tasksRepo;\n",
    );
    expect(repo).toHaveLength(1);
    expect(repo[0]).toMatch(/only through its index\.ts/);
    const policy = await problems(
      'tasks/probe.ts',
      "import { grantsPolicy } from '../users/grants.policy.ts';\nexport const x = grantsPolicy;\n",
    );
    expect(policy).toHaveLength(1);
  });

  it("passes through the other feature's index.ts, within the feature, and to shared folders", async () => {
    expect(
      await problems(
        'users/probe.ts',
        [
          "import { tasksRepo } from '../tasks/index.ts';",
          "import { usersRepo } from './users.repo.ts';",
          "import { notFound } from '../../lib/errors.ts';",
          'export const x = [tasksRepo, usersRepo, notFound];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('still keeps routes away from the database', async () => {
    const found = await problems(
      'users/probe.routes.ts',
      "import { sql } from 'drizzle-orm';\nimport { tasksRepo } from '../tasks/tasks.repo.ts';\nexport const x = [sql, tasksRepo];\n",
    );
    expect(found).toHaveLength(2);
  });
});
