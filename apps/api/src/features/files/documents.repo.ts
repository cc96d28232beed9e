import { desc, eq } from 'drizzle-orm';
import { documents } from '../../db/schema/index.ts';
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
