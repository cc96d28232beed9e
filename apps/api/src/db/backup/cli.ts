import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { backupEmbedded, restoreEmbedded } from './embedded.ts';
import { backupPostgres, restorePostgres } from './postgres.ts';

/**
 * `npm run backup -- [--out FILE]` and `npm run restore -- FILE [--clean]`: the embedded database
 * (DATA_DIR/pglite and DATA_DIR/uploads) as one .tar, or PostgreSQL (DATABASE_URL) through
 * pg_dump/pg_restore. Relative paths are from where the command was typed.
 */
const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: rest,
  options: { out: { type: 'string' }, clean: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const cwd = process.env.INIT_CWD ?? process.cwd();
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');

try {
  if (command === 'backup') {
    const ext = config.databaseUrl ? 'dump' : 'tar';
    const file = resolve(cwd, values.out ?? `taskhive-${stamp}.${ext}`);
    if (existsSync(file)) throw new Error(`${file} exists: choose another --out.`);
    if (config.databaseUrl) {
      await backupPostgres(config.databaseUrl, file);
      console.log(`PostgreSQL backed up to ${file}.`);
    } else {
      const r = await backupEmbedded(config.dataDir, file);
      console.log(
        `Embedded database and ${r.uploads} uploaded file(s) backed up to ${r.file}` +
          (r.via === 'server' ? ' (snapshot taken by the running server).' : '.'),
      );
    }
    if (config.s3)
      console.log('Uploads are in the S3 bucket: back it up with the store (DEPLOY.md "Backups").');
    else if (config.databaseUrl)
      console.log(
        `Uploads on the disk (${config.dataDir}/uploads) are not in the dump: copy that folder too.`,
      );
  } else if (command === 'restore') {
    if (positionals.length !== 1) throw new Error('Usage: npm run restore -- FILE [--clean]');
    const file = resolve(cwd, positionals[0] ?? '');
    if (config.databaseUrl) {
      await restorePostgres(config.databaseUrl, file, { clean: values.clean });
      console.log(`PostgreSQL restored from ${file}. Start the API processes.`);
    } else {
      const r = await restoreEmbedded(config.dataDir, file);
      console.log(
        `Restored from ${file}.` +
          (r.previous ? ` The previous data is in ${r.previous} (delete it once satisfied).` : ''),
      );
    }
  } else {
    throw new Error('Usage: cli.ts backup [--out FILE] | restore FILE [--clean]');
  }
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
