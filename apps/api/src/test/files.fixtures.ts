/** Test inputs for uploads: real file headers and a multipart body builder for app.inject. */

/** A valid 1×1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f8ffff3f0005fe02fea7d605bb0000000049454e44ae426082',
  'hex',
);
export const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64, 1),
  Buffer.from('ffd9', 'hex'),
]);
export const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(28, 0),
]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const ZIP = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(60, 0)]);
export const OLE = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504, 0)]);
/** The start of a Windows executable (MZ header, with NUL bytes). */
export const EXE = Buffer.concat([
  Buffer.from('4d5a90000300000004000000ffff0000', 'hex'),
  Buffer.alloc(48, 0),
]);

/** A multipart/form-data body with one file part (and optional text fields). */
export function multipart(
  file: { name: string; content: Buffer | string; type?: string; field?: string },
  fields: Record<string, string> = {},
) {
  const boundary = `----taskhive${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
