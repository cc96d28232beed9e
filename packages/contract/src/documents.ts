import { z } from 'zod';

/** A stored file as the API shows it: never its storage key or path on disk. */
export const documentSchema = z.object({
  documentId: z.uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: z.uuid().nullable(),
  createdAt: z.string(),
  /** The authenticated route that serves the bytes. */
  url: z.string(),
});
export type DocumentInfo = z.infer<typeof documentSchema>;

export const documentParams = z.object({ id: z.uuid(), docId: z.uuid() });
