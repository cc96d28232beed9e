import pg from 'pg';

/** With DATABASE_URL, each worker creates its own database; drop them all when the run ends. */
export default function setup() {
  return async function teardown() {
    const url = process.env.DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like 'taskhive_test_${process.pid}_%'`,
      );
      for (const r of rows) await client.query(`drop database if exists "${r.datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
