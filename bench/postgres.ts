// Postgres for the benches (outside vitest): the server APP_TEST_PG_URL names, else a throwaway cluster of
// this run (test/support/postgres-cluster.ts: initdb, fsync off, stopped and deleted at the end). Each run
// gets a fresh database: a copy of a template migrated once (CREATE DATABASE … TEMPLATE), dropped after.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../src/infra/postgres/open-postgres.js';
import { makeClusterDir, removeCluster, startCluster } from '../test/support/postgres-cluster.js';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

export interface BenchPostgres {
  /** Where the databases live: `APP_TEST_PG_URL` or `a throwaway cluster`. */
  label: string;
  /** A fresh, migrated database. */
  fresh(): Promise<BenchDatabase>;
  /** Drops the template; stops and deletes a throwaway cluster. */
  close(): Promise<void>;
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const withDatabase = (url: string, name: string) => {
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
};

export async function benchPostgres(): Promise<BenchPostgres> {
  const external = process.env.APP_TEST_PG_URL;
  let clusterDir: string | undefined;
  let server: string;
  if (external) server = withDatabase(external, 'postgres');
  else {
    clusterDir = await makeClusterDir();
    server = (await startCluster(clusterDir)).url;
  }
  const made: string[] = [];
  const create = async (template?: string) => {
    const name = `app_bench_${randomBytes(6).toString('hex')}`;
    await onServer(server, (admin) =>
      admin.query(
        template
          ? `CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`
          : `CREATE DATABASE ${name}`,
      ),
    );
    made.push(name);
    return name;
  };
  const drop = async (name: string) => {
    await onServer(server, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  const template = await create();
  const store = await openPostgres({ url: withDatabase(server, template) });
  await store.close();
  // A closed pool's sessions end on the server a moment later; a copy refuses a template anyone is on.
  await onServer(server, async (admin) => {
    await admin.query(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
      template,
    ]);
  });
  return {
    label: external ? 'APP_TEST_PG_URL' : 'a throwaway cluster',
    async fresh() {
      const name = await create(template);
      return { url: withDatabase(server, name), drop: () => drop(name) };
    },
    async close() {
      if (clusterDir) {
        await removeCluster(clusterDir);
        return;
      }
      for (const name of made) await drop(name).catch(() => undefined);
    },
  };
}
