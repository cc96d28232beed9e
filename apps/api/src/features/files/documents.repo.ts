import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';

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
