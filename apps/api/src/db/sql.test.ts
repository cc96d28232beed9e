import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RawSession } from './client.ts';
import { pendingMigrations } from './migrate.ts';
import { workerDatabase } from '../test/build-app.ts';

/**
 * SQL as source (ARCHITECTURE.md, Database): every type, function and trigger the migrations leave
 * in the database has its current definition in one file of src/db/sql/, and the last migration
 * that creates each function and trigger restates it. The files are run in a scratch schema, beside
 * a copy of every table, inside a transaction that is rolled back; PostgreSQL then prints both
 * sides (pg_get_functiondef, pg_get_triggerdef, a composite type's attributes) and they are compared
 * with the scratch schema's name read as public's and whitespace collapsed.
 */

const SQL_DIR = new URL('./sql/', import.meta.url);
const SCHEMA_DIR = new URL('./schema/', import.meta.url);
const FROM_FILES = 'sql_source_check';
const FROM_MIGRATIONS = 'sql_migration_check';

type Kind = 'type' | 'function' | 'trigger';
type Piece = { text: string; quoted: boolean };
type Statement = {
  kind: Kind;
  name: string;
  /** The table of a trigger. */
  table?: string;
  /** The file or migration it comes from. */
  origin: string;
  pieces: Piece[];
};
type Dropped = { kind: Kind; name: string; table?: string; origin: string; dropped: true };
type Definitions = Map<string, string>;

/**
 * The SQL text as code and quoted pieces (string literals, quoted identifiers, dollar-quoted
 * bodies), comments left out: enough to split statements at semicolons and to name another schema
 * outside function bodies.
 */
function piecesOf(sql: string): Piece[] {
  const pieces: Piece[] = [];
  let code = '';
  const quoted = (text: string) => {
    if (code) pieces.push({ text: code, quoted: false });
    code = '';
    pieces.push({ text, quoted: true });
  };
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const rest = sql.slice(i, i + 2);
    if (rest === '--' || rest === '/*') {
      const end = rest === '--' ? sql.indexOf('\n', i) : sql.indexOf('*/', i + 2) + 1;
      i = end <= 0 ? sql.length : end + 1;
      code += ' ';
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === c && sql[j + 1] !== c)) j += sql[j] === c ? 2 : 1;
      quoted(sql.slice(i, j + 1));
      i = j + 1;
    } else if (c === '$' && !/\w/.test(sql[i - 1] ?? '') && /^\$(?:[A-Za-z_]\w*)?\$/.test(sql.slice(i))) {
      const tag = /^\$(?:[A-Za-z_]\w*)?\$/.exec(sql.slice(i))?.[0] ?? '$$';
      const end = sql.indexOf(tag, i + tag.length);
      const stop = end < 0 ? sql.length : end + tag.length;
      quoted(sql.slice(i, stop));
      i = stop;
    } else {
      code += c;
      i++;
    }
  }
  if (code) pieces.push({ text: code, quoted: false });
  return pieces;
}

/** Statements at the semicolons outside quotes and bodies. */
function statementsOf(sql: string): Piece[][] {
  const statements: Piece[][] = [];
  let current: Piece[] = [];
  for (const piece of piecesOf(sql)) {
    if (piece.quoted) {
      current.push(piece);
      continue;
    }
    const parts = piece.text.split(';');
    parts.forEach((text, n) => {
      if (n > 0) {
        statements.push(current);
        current = [];
      }
      current.push({ text, quoted: false });
    });
  }
  statements.push(current);
  return statements.filter((s) => s.some((p) => p.quoted || p.text.trim()));
}

/** The statement's code with quoted pieces as a placeholder: what it is, not what it says. */
const shapeOf = (pieces: Piece[]) =>
  pieces
    .map((p) => (p.quoted ? (p.text.startsWith('"') ? p.text.replaceAll('"', '') : "''") : p.text))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** The statement to run in `schema`: a `public.` it names outside quotes and bodies names `schema`. */
const inSchema = (pieces: Piece[], schema: string) =>
  pieces
    .map((p) => (p.quoted ? p.text : p.text.replace(/(?<![\w".])public\s*\./gi, `${schema}.`)))
    .join('')
    .replace(/"public"\s*\./g, `${schema}.`);

const NAME = String.raw`(?:\w+\s*\.\s*)?(\w+)`;
const CREATE: [Kind, RegExp][] = [
  ['type', new RegExp(String.raw`^create\s+type\s+${NAME}\s+as\b`, 'i')],
  ['function', new RegExp(String.raw`^create\s+(?:or\s+replace\s+)?function\s+${NAME}\s*\(`, 'i')],
  ['trigger', new RegExp(String.raw`^create\s+(?:or\s+replace\s+)?trigger\s+(\w+)\s.*?\son\s+${NAME}`, 'i')],
];
const DROP: [Kind, RegExp][] = [
  ['type', new RegExp(String.raw`^drop\s+type\s+(?:if\s+exists\s+)?${NAME}`, 'i')],
  ['function', new RegExp(String.raw`^drop\s+function\s+(?:if\s+exists\s+)?${NAME}`, 'i')],
  ['trigger', new RegExp(String.raw`^drop\s+trigger\s+(?:if\s+exists\s+)?(\w+)\s+on\s+${NAME}`, 'i')],
];

function classify(pieces: Piece[], origin: string): Statement | Dropped | undefined {
  const shape = shapeOf(pieces);
  for (const [kind, re] of CREATE) {
    const m = re.exec(shape);
    if (m?.[1]) return { kind, name: m[1].toLowerCase(), table: m[2]?.toLowerCase(), origin, pieces };
  }
  for (const [kind, re] of DROP) {
    const m = re.exec(shape);
    if (m?.[1]) return { kind, name: m[1].toLowerCase(), table: m[2]?.toLowerCase(), origin, dropped: true };
  }
  return undefined;
}

/** A statement that creates a type, function or trigger; anything else is refused. */
function creation(pieces: Piece[], origin: string): Statement {
  const s = classify(pieces, origin);
  if (!s || 'dropped' in s) {
    throw new Error(`${origin}: only CREATE TYPE, FUNCTION and TRIGGER belong here: ${shapeOf(pieces)}`);
  }
  return s;
}

/** Every statement of src/db/sql/*.sql. */
function fileStatements(): Statement[] {
  const files = readdirSync(SQL_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return files.flatMap((file) =>
    statementsOf(readFileSync(new URL(file, SQL_DIR), 'utf8')).map((pieces) => creation(pieces, file)),
  );
}

const keyOf = (s: { kind: Kind; name: string; table?: string }) =>
  s.kind === 'trigger' ? `trigger ${s.name} on ${s.table}` : `${s.kind} ${s.name}`;

/** The last statement of the migrations that creates or drops each function, trigger and type. */
function lastInMigrations(): Map<string, Statement | Dropped> {
  const last = new Map<string, Statement | Dropped>();
  for (const m of pendingMigrations()) {
    for (const pieces of statementsOf(m.sql)) {
      const s = classify(pieces, m.tag);
      if (s) last.set(keyOf(s), s);
    }
  }
  return last;
}

/**
 * Creates `schema` with an empty copy of every table of public (the triggers need their tables)
 * and runs the statements there: types, then functions, then triggers. The caller's transaction
 * is rolled back.
 */
async function load(s: RawSession, schema: string, statements: Statement[]): Promise<void> {
  await s.exec(`create schema ${schema}`);
  const tables = await s.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  for (const { name } of tables.rows) await s.exec(`create table ${schema}.${name} (like public.${name})`);
  await s.exec(`set local search_path = ${schema}`);
  await s.exec('set local check_function_bodies = off');
  const order: Kind[] = ['type', 'function', 'trigger'];
  for (const st of [...statements].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))) {
    try {
      await s.exec(inSchema(st.pieces, schema));
    } catch (err) {
      throw new Error(`${st.origin}: ${keyOf(st)}: ${(err as Error).message}`, { cause: err });
    }
  }
  await s.exec('set local search_path = pg_catalog');
}

/**
 * How PostgreSQL prints the schema's functions (those of extensions aside), triggers (foreign
 * keys' internal ones aside) and composite types, keyed by `function <name>(<argument types>)`,
 * `trigger <name> on <table>`, `type <name>`, with the schema read as public.
 */
async function definitions(s: RawSession, schema: string): Promise<Definitions> {
  await s.exec('set local search_path = pg_catalog');
  const { rows } = await s.query<{ key: string; def: string }>(
    `select 'function ' || p.oid::regprocedure::text as key,
            case when p.prokind in ('f', 'p') then pg_get_functiondef(p.oid) else p.prokind::text end as def
       from pg_proc p
      where p.pronamespace = $1::text::regnamespace
        and not exists (select 1 from pg_depend d
                         where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
     union all
     select 'trigger ' || t.tgname || ' on ' || c.relname, pg_get_triggerdef(t.oid)
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = $1::text::regnamespace and not t.tgisinternal
     union all
     select 'type ' || ty.oid::regtype::text,
            (select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
               from pg_attribute a where a.attrelid = ty.typrelid and a.attnum > 0 and not a.attisdropped)
       from pg_type ty join pg_class c on c.oid = ty.typrelid
      where ty.typnamespace = $1::text::regnamespace and c.relkind = 'c'`,
    [schema],
  );
  const asPublic = (text: string) => text.replaceAll(`${schema}.`, 'public.').replace(/\s+/g, ' ').trim();
  return new Map(rows.map((r) => [asPublic(r.key), asPublic(r.def)]));
}

/** The key as `keyOf` spells it: `function public.f(uuid[])` → `function f`, `type public.t` → `type t`. */
const plainKey = (key: string) => key.replace(/^(function|type) public\.(\w+).*$/, '$1 $2');

/** Where two definitions part, with a little of each. */
function whereTheyDiffer(a: [string, string], b: [string, string]): string {
  let i = 0;
  while (i < a[1].length && a[1][i] === b[1][i]) i++;
  const from = Math.max(0, i - 40);
  return `${a[0]} "…${a[1].slice(from, i + 60)}…", ${b[0]} "…${b[1].slice(from, i + 60)}…"`;
}

/** What differs between the database's definitions and the files'. */
function compare(database: Definitions, files: Definitions, origins: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [key, def] of database) {
    const file = files.get(key);
    if (file === undefined) problems.push(`${key}: in the database, defined by no file of src/db/sql`);
    else if (file !== def) {
      problems.push(
        `${key}: the database differs from ${origins.get(plainKey(key))}: ${whereTheyDiffer(['database', def], ['file', file])}`,
      );
    }
  }
  for (const key of files.keys()) {
    if (!database.has(key))
      problems.push(`${key}: defined by ${origins.get(plainKey(key))}, not in the database`);
  }
  return problems;
}

/**
 * The migrations keep in step: the last migration creating each function and trigger of the files
 * (types change by ALTER TYPE, so only the database check covers them) defines it exactly as its
 * file does.
 */
async function compareMigrations(
  s: RawSession,
  statements: Statement[],
  files: Definitions,
): Promise<string[]> {
  const last = lastInMigrations();
  const problems: string[] = [];
  const restated: Statement[] = statements.filter((st) => st.kind === 'type');
  for (const st of statements.filter((st) => st.kind !== 'type')) {
    const m = last.get(keyOf(st));
    if (!m) problems.push(`${keyOf(st)} (${st.origin}): no migration creates it`);
    else if ('dropped' in m) problems.push(`${keyOf(st)} (${st.origin}): dropped by migration ${m.origin}`);
    else restated.push(m);
  }
  await load(s, FROM_MIGRATIONS, restated);
  const migrated = await definitions(s, FROM_MIGRATIONS);
  const tagOf = new Map(restated.map((st) => [keyOf(st), st.origin]));
  const fileOf = new Map(statements.map((st) => [keyOf(st), st.origin]));
  for (const [key, def] of files) {
    const plain = plainKey(key);
    if (key.startsWith('type ') || !tagOf.has(plain)) continue;
    const m = migrated.get(key);
    if (m !== def) {
      problems.push(
        `${key}: ${fileOf.get(plain)} differs from its last migration, ${tagOf.get(plain)}: ` +
          whereTheyDiffer(['file', def], ['migration', m ?? '']),
      );
    }
  }
  return problems;
}

/** Runs `fn` in a transaction that is rolled back, whatever it did. */
async function rolledBack<T>(fn: (s: RawSession) => Promise<T>): Promise<T> {
  const s = await (await workerDatabase()).session();
  await s.exec('begin');
  try {
    return await fn(s);
  } finally {
    await s.exec('rollback');
    s.release();
  }
}

type Check = { database: string[]; migrations: string[] };

/** Both checks, on the database as it is after `before` (run in the same rolled-back transaction). */
function check(statements: Statement[], before?: (s: RawSession) => Promise<void>): Promise<Check> {
  return rolledBack(async (s) => {
    if (before) await before(s);
    const inDatabase = await definitions(s, 'public');
    await load(s, FROM_FILES, statements);
    const fromFiles = await definitions(s, FROM_FILES);
    const origins = new Map(statements.map((st) => [keyOf(st), st.origin]));
    return {
      database: compare(inDatabase, fromFiles, origins),
      migrations: await compareMigrations(s, statements, fromFiles),
    };
  });
}

/** The doc comment right above each table of the Drizzle schema, by table name. */
function tableComments(): Map<string, string> {
  const comments = new Map<string, string>();
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(new URL(file, SCHEMA_DIR), 'utf8');
    const tables = /(\/\*\*(?:(?!\*\/)[\s\S])*\*\/\s*)?export const \w+ = pgTable\(\s*'(\w+)'/g;
    for (const m of text.matchAll(tables)) if (m[2]) comments.set(m[2], m[1] ?? '');
  }
  return comments;
}

describe('SQL as source: src/db/sql/*.sql', () => {
  it('define every function, trigger and type of the database, as the database has them', async () => {
    const statements = fileStatements();
    expect(statements.filter((s) => s.kind === 'function').length).toBeGreaterThan(10);
    const { database } = await check(statements);
    expect(database).toEqual([]);
  });

  it('are restated by the last migration that creates each function and trigger', async () => {
    const { migrations } = await check(fileStatements());
    expect(migrations).toEqual([]);
  });

  it('the check fails on a changed body, an object no file defines, and one the database lacks', async () => {
    const changedBody = `CREATE OR REPLACE FUNCTION taskhive_authz_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('taskhive_authz', 'everything');
        RETURN NULL;
      END $$`;
    const files = fileStatements();
    const onlyInFile = statementsOf(`CREATE OR REPLACE FUNCTION sql_source_only_in_file() RETURNS int
      LANGUAGE sql AS 'select 1'`).map((pieces) => creation(pieces, 'stray.sql'));
    const { database } = await check([...files, ...onlyInFile], async (s) => {
      await s.exec(changedBody);
      await s.exec(`CREATE FUNCTION sql_source_only_in_database() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RETURN NULL; END $$`);
      await s.exec(`CREATE TRIGGER sql_source_only_in_database AFTER INSERT ON companies
          FOR EACH STATEMENT EXECUTE FUNCTION sql_source_only_in_database()`);
    });
    expect(database).toHaveLength(4);
    expect(database).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^function public\.taskhive_authz_notify_all\(\): the database differs from authz-notify\.sql/,
        ),
        'function public.sql_source_only_in_database(): in the database, defined by no file of src/db/sql',
        'trigger sql_source_only_in_database on companies: in the database, defined by no file of src/db/sql',
        'function public.sql_source_only_in_file(): defined by stray.sql, not in the database',
      ]),
    );
  });

  it('the check fails when a file differs from the last migration that creates the function', async () => {
    const files = fileStatements().map((st) =>
      st.kind === 'function' && st.name === 'taskhive_authz_notify_all'
        ? {
            ...st,
            pieces: st.pieces.map((p) => ({ ...p, text: p.text.replace("'*'", "'everything'") })),
          }
        : st,
    );
    const { migrations } = await check(files);
    expect(migrations).toEqual([
      expect.stringMatching(
        /^function public\.taskhive_authz_notify_all\(\): authz-notify\.sql differs from its last migration, 0010_authz_notify:/,
      ),
    ]);
  });

  it('the Drizzle schema names, above each table, its triggers and their files', () => {
    const comments = tableComments();
    const missing = fileStatements()
      .filter((st) => st.kind === 'trigger')
      .filter((st) => {
        const comment = comments.get(st.table ?? '') ?? '';
        return !comment.includes(st.name) || !comment.includes(`src/db/sql/${st.origin}`);
      })
      .map((st) => `${keyOf(st)} (${st.origin})`);
    expect(missing).toEqual([]);
  });
});
