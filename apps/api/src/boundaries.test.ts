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

async function problems(file: string, code: string, rule = 'no-restricted-imports') {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/api/src/features/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
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
          "import { tasksReads } from '../tasks/index.ts';",
          "import { usersRepo } from './users.repo.ts';",
          "import { notFound } from '../../lib/errors.ts';",
          'export const x = [tasksReads, usersRepo, notFound];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it("fails on a repository taken from another feature's index, in a feature or in what composes them", async () => {
    const inFeature = await problems(
      'users/probe.ts',
      "import { tasksRepo, tasksReads } from '../tasks/index.ts';\nexport const x = [tasksRepo, tasksReads];\n",
    );
    expect(inFeature).toHaveLength(1);
    expect(inFeature[0]).toMatch(
      /'tasksRepo' import from '\.\.\/tasks\/index\.ts'.*loaders, not repositories/,
    );
    const inRoutes = await problems(
      'users/probe.routes.ts',
      "import { usersRepo } from '../users/index.ts';\nexport const x = usersRepo;\n",
    );
    expect(inRoutes).toHaveLength(1);
    const composer = await problems(
      '../probe.ts',
      "import { watchersRepo } from './features/watchers/index.ts';\nexport const x = watchersRepo;\n",
    );
    expect(composer).toHaveLength(1);
  });

  it('fails on an index that exports a repository, and passes one that exports loaders', async () => {
    const exported = await problems(
      'tasks/index.ts',
      [
        "export { tasksRepo } from './tasks.repo.ts';",
        "export { talliesRepo as tallies } from './tallies.repo.ts';",
        "export * from './tasks.repo.ts';",
        "import { usersRepo } from './users.repo.ts';",
        'export { usersRepo };',
        'export const projectsRepo = usersRepo;',
        '',
      ].join('\n'),
      'no-restricted-syntax',
    );
    // tasksRepo, talliesRepo under another name, export *, usersRepo and projectsRepo.
    expect(exported).toHaveLength(5);
    expect(exported[0]).toMatch(/exports no repository/);
    expect(
      await problems(
        'tasks/index.ts',
        "export { tasksReads, taskTallies } from './tasks.loaders.ts';\nexport type { TaskRow } from './tasks.repo.ts';\n",
        'no-restricted-syntax',
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
