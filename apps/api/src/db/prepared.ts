/**
 * Hot statements as named prepared statements (issue 28). PostgreSQL parses and plans an unnamed
 * statement at every run; the task row's read (a dozen correlated subqueries) spent about 2 ms
 * there against 0.4 ms named, measured through the driver on the bench's 100,000 tasks. A named
 * statement is parsed once per connection, and after five runs PostgreSQL keeps one generic plan
 * for it, chosen without the values.
 *
 * So ONLY for statements whose best plan does not depend on the values: lookups by a key (a task
 * by its id), not a list whose filters decide the plan. The name carries a hash of the text, so
 * one name never meets two texts (the driver refuses that) however a caller builds the statement
 * (a reach adds conditions); a base name has a bounded number of shapes, so a connection keeps a
 * bounded number of them. The embedded database (PGlite) runs them as it runs any statement.
 */
type Preparable<R> = {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<R> };
};

/**
 * What a Drizzle builder's `prepare` does to make its statement (its `_prepare`, drizzle-orm
 * 0.45): `this.dialect.sqlToQuery(this.getSQL())`. Both are the builder's own fields.
 */
type Built = { sql: string; params: unknown[] };
type Buildable = {
  getSQL(): unknown;
  dialect?: { sqlToQuery(sql: unknown): Built };
};

/**
 * Runs `query` as the named prepared statement `<base>_<hash of its text>`. The name needs the
 * text, and `prepare` would build the text again (Drizzle builds a statement at each `toSQL` and
 * each `prepare`): so the statement is built once and the builder handed it for its `prepare`
 * (issue 28: building the task's read was about 1 ms of a create's CPU, half of it the second
 * build). A builder without those fields is built twice, as before.
 */
export function runPrepared<R>(base: string, query: Preparable<R>): Promise<R> {
  const q = query as unknown as Buildable;
  const dialect = q.dialect;
  if (typeof q.getSQL !== 'function' || !dialect || typeof dialect.sqlToQuery !== 'function')
    return query.prepare(preparedName(base, query.toSQL().sql)).execute();
  const statement = q.getSQL();
  const built = dialect.sqlToQuery(statement);
  q.getSQL = () => statement;
  q.dialect = Object.assign(Object.create(dialect) as typeof dialect, { sqlToQuery: () => built });
  return query.prepare(preparedName(base, built.sql)).execute();
}

/** `<base>_<FNV-1a of text, base 36>` (a statement name is at most 63 bytes). */
export function preparedName(base: string, text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${base.slice(0, 48)}_${(h >>> 0).toString(36)}`;
}
