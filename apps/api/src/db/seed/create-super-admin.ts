import { createInterface } from 'node:readline/promises';
import { emailSchema, passwordSchema } from '@taskhive/contract';
import { loadConfig } from '../../config.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { openDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';
import { syncReferenceData } from '../reference-data.ts';
import { createSuperAdmin } from './demo.ts';

/**
 * `npm run create-super-admin`: the first account of a production install. Reads
 * SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD from the arguments (--email, --password) or asks.
 */
const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i] ?? '', process.argv[i + 1] ?? '');
const rl = createInterface({ input: process.stdin, output: process.stdout });
const email = emailSchema.parse(args.get('--email') ?? (await rl.question('Email: ')));
const password = args.get('--password') ?? (await rl.question('Password (8-128 characters): '));
rl.close();
const check = passwordSchema.safeParse(password);
if (!check.success || isCommonPassword(password)) {
  console.error(check.success ? 'This password is too common.' : check.error.issues[0]?.message);
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrate(database);
  await syncReferenceData(database.db);
  const passwordHash = await hashPassword(password);
  await database.db.transaction((tx) =>
    createSuperAdmin(tx, { email, firstName: 'System', lastName: 'Admin', passwordHash }),
  );
  console.log(`Super Admin ${email} created.`);
} finally {
  await database.close();
}
