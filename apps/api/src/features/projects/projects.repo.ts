import { aliasedTable, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectMembers, projects } from '../../db/schema/index.ts';

/** Projects of one company. Every query filters by that company. */
export function projectsRepo(db: Db, companyId: string) {
  return {
    /** The projects a user is a member of, by name. */
    forMember(userId: string): Promise<{ projectId: string; name: string }[]> {
      return db
        .select({ projectId: projects.id, name: projects.name })
        .from(projects)
        .innerJoin(
          projectMembers,
          and(eq(projectMembers.projectId, projects.id), eq(projectMembers.companyId, projects.companyId)),
        )
        .where(and(eq(projects.companyId, companyId), eq(projectMembers.userId, userId)))
        .orderBy(asc(projects.name), asc(projects.id));
    },

    /** A subquery of the ids of users who share at least one project with `userId` (them included). */
    coMemberIds(userId: string): SQL {
      const mine = aliasedTable(projectMembers, 'mine');
      const theirs = aliasedTable(projectMembers, 'theirs');
      const ids = db
        .selectDistinct({ userId: theirs.userId })
        .from(mine)
        .innerJoin(theirs, and(eq(theirs.projectId, mine.projectId), eq(theirs.companyId, mine.companyId)))
        .where(and(eq(mine.companyId, companyId), eq(mine.userId, userId)));
      return sql`(${ids})`;
    },
  };
}
