import type { DocumentInfo } from '@taskhive/contract';
import type { DocumentRow } from './documents.repo.ts';

/** The API's view of a document row: never its storage key. */
export function toDocument(row: DocumentRow, url: string): DocumentInfo {
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
