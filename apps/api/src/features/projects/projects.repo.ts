import { aliasedTable, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { projectMembers, projects } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

/** Projects of the scope's company. Every statement goes through the scope. */
export const projectsRepo = {
  /** The projects a user is a member of, by name. */
  forMember(scope: Scope, userId: string): Promise<{ projectId: string; name: string }[]> {
    return scope.db
      .select({ projectId: projects.id, name: projects.name })
      .from(projects)
      .innerJoin(
        projectMembers,
        and(eq(projectMembers.projectId, projects.id), eq(projectMembers.companyId, projects.companyId)),
      )
      .where(scope.own(projects, eq(projectMembers.userId, userId)))
      .orderBy(asc(projects.name), asc(projects.id));
  },

  /** A subquery of the ids of users who share at least one project with `userId` (them included). */
  coMemberIds(scope: Scope, userId: string): SQL {
    const mine = aliasedTable(projectMembers, 'mine');
    const theirs = aliasedTable(projectMembers, 'theirs');
    const ids = scope.db
      .selectDistinct({ userId: theirs.userId })
      .from(mine)
      .innerJoin(theirs, and(eq(theirs.projectId, mine.projectId), eq(theirs.companyId, mine.companyId)))
      .where(scope.own(mine, eq(mine.userId, userId)));
    return sql`(${ids})`;
  },
};
