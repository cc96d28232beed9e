/**
 * A process that writes as fast as it can and prints "ack N" after each commit returns. The
 * durability test kills it with SIGKILL mid-stream and checks that every acknowledged row is
 * there after a restart. Usage: node --import tsx durability-writer.ts <pglite-dir | postgres-url>
 */
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from './client.ts';

const target = process.argv[2] ?? '';
const database = target.startsWith('postgres') ? await openPostgres(target, 1) : await openPglite(target);
await database.db.execute(
  sql`create table if not exists durability_probe (n integer primary key, payload text not null)`,
);
process.stdout.write('ready\n');
for (let n = 1; ; n++) {
  await database.db.execute(sql`insert into durability_probe (n, payload) values (${n}, ${'x'.repeat(200)})`);
  process.stdout.write(`ack ${n}\n`);
}
