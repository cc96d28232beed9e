import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, tasks } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';

export type DocumentRow = typeof documents.$inferSelect;

/** Stored files' rows of one company (company documents now; project and task ones share the table). */
export function documentsRepo(db: Db, companyId: string) {
  return {
    listForCompany(): Promise<DocumentRow[]> {
      return db
        .select()
        .from(documents)
        .where(and(eq(documents.companyId, companyId), eq(documents.ownerType, 'company')))
        .orderBy(desc(documents.createdAt), desc(documents.id));
    },

    async companyDocument(documentId: string): Promise<DocumentRow | null> {
      const [row] = await db
        .select()
        .from(documents)
        .where(
          and(
            eq(documents.companyId, companyId),
            eq(documents.ownerType, 'company'),
            eq(documents.id, documentId),
          ),
        );
      return row ?? null;
    },

    async insertCompanyDocument(d: {
      fileName: string;
      mimeType: string;
      sizeBytes: number;
      storageKey: string;
      uploadedBy: string;
    }) {
      const [row] = await db
        .insert(documents)
        .values({ ...d, companyId, ownerType: 'company' })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async delete(documentId: string): Promise<boolean> {
      const rows = await db
        .delete(documents)
        .where(and(eq(documents.companyId, companyId), eq(documents.id, documentId)))
        .returning({ id: documents.id });
      return rows.length > 0;
    },
  };
}

/** The API's view of a document row: never its storage key. */
export function toDocument(row: DocumentRow, url: string) {
  return {
    documentId: row.id,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
    url,
  };
}

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

  async delete(scope: Scope, documentId: string) {
    await scope.db.delete(documents).where(scope.own(documents, eq(documents.id, documentId)));
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
