import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { documents, tasks } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

export type DocumentRow = typeof documents.$inferSelect;

const companyOwned = eq(documents.ownerType, 'company');

/** Stored files' rows of the scope's company (company documents now; project and task ones share the table). */
export const documentsRepo = {
  listForCompany(scope: Scope): Promise<DocumentRow[]> {
    return scope.db
      .select()
      .from(documents)
      .where(scope.own(documents, companyOwned))
      .orderBy(desc(documents.createdAt), desc(documents.id));
  },

  async companyDocument(scope: Scope, documentId: string): Promise<DocumentRow | null> {
    const [row] = await scope.db
      .select()
      .from(documents)
      .where(scope.own(documents, companyOwned, eq(documents.id, documentId)));
    return row ?? null;
  },

  async insertCompanyDocument(
    scope: Scope,
    d: { fileName: string; mimeType: string; sizeBytes: number; storageKey: string; uploadedBy: string },
  ): Promise<DocumentRow> {
    const [row] = await scope.db
      .insert(documents)
      .values(scope.values({ ...d, ownerType: 'company' }))
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async delete(scope: Scope, documentId: string): Promise<boolean> {
    const rows = await scope.db
      .delete(documents)
      .where(scope.own(documents, eq(documents.id, documentId)))
      .returning({ id: documents.id });
    return rows.length > 0;
  },
};

type NewFile = {
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
  uploadedBy: string;
};

/** Project and task documents (the same table), scope-first. */
export const workDocumentsRepo = {
  /** The documents of these projects (not of their tasks), newest first. */
  forProjects(scope: Scope, projectIds: string[]): Promise<DocumentRow[]> {
    if (projectIds.length === 0) return Promise.resolve([]);
    return scope.db
      .select()
      .from(documents)
      .where(
        scope.own(documents, eq(documents.ownerType, 'project'), inArray(documents.projectId, projectIds)),
      )
      .orderBy(desc(documents.createdAt), desc(documents.id));
  },

  forTask(scope: Scope, taskId: string): Promise<DocumentRow[]> {
    return scope.db
      .select()
      .from(documents)
      .where(scope.own(documents, eq(documents.ownerType, 'task'), eq(documents.taskId, taskId)))
      .orderBy(desc(documents.createdAt), desc(documents.id));
  },

  async ofProject(scope: Scope, projectId: string, documentId: string): Promise<DocumentRow | null> {
    const [row] = await scope.db
      .select()
      .from(documents)
      .where(
        scope.own(
          documents,
          eq(documents.ownerType, 'project'),
          eq(documents.projectId, projectId),
          eq(documents.id, documentId),
        ),
      );
    return row ?? null;
  },

  async ofTask(scope: Scope, taskId: string, documentId: string): Promise<DocumentRow | null> {
    const [row] = await scope.db
      .select()
      .from(documents)
      .where(
        scope.own(
          documents,
          eq(documents.ownerType, 'task'),
          eq(documents.taskId, taskId),
          eq(documents.id, documentId),
        ),
      );
    return row ?? null;
  },

  async insert(scope: Scope, owner: { projectId: string } | { taskId: string }, file: NewFile) {
    const [row] = await scope.db
      .insert(documents)
      .values(scope.values({ ...file, ...owner, ownerType: 'projectId' in owner ? 'project' : 'task' }))
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** Storage keys of the files of a project and of its tasks (to remove once it is deleted). */
  async keysOfProject(scope: Scope, projectId: string): Promise<string[]> {
    const rows = await scope.db
      .select({ key: documents.storageKey })
      .from(documents)
      .leftJoin(tasks, and(eq(tasks.id, documents.taskId), eq(tasks.companyId, documents.companyId)))
      .where(scope.own(documents, or(eq(documents.projectId, projectId), eq(tasks.projectId, projectId))));
    return rows.map((r) => r.key);
  },

  /** Storage keys of the files of these tasks. */
  async keysOfTasks(scope: Scope, taskIds: string[]): Promise<string[]> {
    if (taskIds.length === 0) return [];
    const rows = await scope.db
      .select({ key: documents.storageKey })
      .from(documents)
      .where(scope.own(documents, inArray(documents.taskId, taskIds)));
    return rows.map((r) => r.key);
  },
};
