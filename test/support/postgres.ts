// Postgres for the Postgres suites: each test file gets a fresh database of its own (files run in parallel),
// on the server APP_TEST_PG_URL names, else on this run's throwaway cluster. The cluster is started by the
// first test file that asks, once per `vitest run`, in the directory test/global-setup.ts made (its teardown
// stops the cluster and deletes it), so a run without Postgres tests starts none. Without Postgres the tests
// fail saying what to install; they never skip.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { sharedClusterUrl } from './postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory this run's throwaway cluster lives in once a test file has started it. */
    postgresClusterDir: string;
  }
}

interface Server {
  url: string;
  /** Named by APP_TEST_PG_URL: databases made on it are dropped again. */
  external: boolean;
}

let server: Promise<Server> | undefined;

function postgresServer(): Promise<Server> {
  server ??= (async () => {
    const url = process.env.APP_TEST_PG_URL;
    if (url) return { url, external: true };
    const dir = inject('postgresClusterDir');
    if (!dir) {
      throw new Error(
        'no Postgres cluster directory: run the tests with vitest.config.ts (its global setup makes one)',
      );
    }
    return { url: await sharedClusterUrl(dir), external: false };
  })();
  return server;
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

export interface TestDatabase {
  name: string;
  url: string;
  /** A new connection to the database; the caller ends it. */
  connect(): Promise<pg.Client>;
  /** Drops the database on a server of APP_TEST_PG_URL; a throwaway cluster goes as a whole at the run's end. */
  dispose(): Promise<void>;
}

/** A new, empty database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { url: serverUrl, external } = await postgresServer();
  const name = `app_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const address = new URL(serverUrl);
  address.pathname = `/${name}`;
  const url = address.toString();
  return {
    name,
    url,
    async connect() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    },
    async dispose() {
      if (!external) return;
      await onServer(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export interface SetupOnce<T> {
  /** The setup, built on the first call. */
  get(): Promise<T>;
  /** The setup if a test built it (for afterAll), else undefined; a failed one is undefined too. */
  ifBuilt(): Promise<T | undefined>;
}

/**
 * A test file's shared setup, built by the first test that asks. Unlike a failing beforeAll, whose tests
 * vitest reports as skipped, a setup that fails (no Postgres to be had) fails every test with its message.
 */
export function setupOnce<T>(build: () => Promise<T>): SetupOnce<T> {
  let built: Promise<T> | undefined;
  return {
    get: () => {
      built ??= build();
      return built;
    },
    ifBuilt: async () => (built === undefined ? undefined : await built.catch(() => undefined)),
  };
}
