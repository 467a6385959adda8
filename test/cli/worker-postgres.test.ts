// The scale-out path end to end on a real Postgres: `app serve --no-workers` serves the dashboard and the
// API, `app worker` processes post. A post composed on the API node goes out once, through a worker; a
// worker whose clock is ten minutes fast posts a scheduled post at its time (due times are compared in the
// database's time), not ten minutes early; SIGTERM drains a worker, and its heartbeat row goes with it;
// `app serve --no-loops` alone still posts.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/infra/postgres/open-postgres.js';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { preparePostgresHome } from '../support/postgres-home.js';
import {
  apiClient,
  killHard,
  type ServeProcess,
  serve,
  until,
  untilPosted,
  worker,
} from '../support/serve-process.js';
import { freshPostgres } from '../support/stores.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial | undefined;
let home: TempHome | undefined;
const processes: ServeProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(processes.map(killHard));
  processes.length = 0;
  await fake?.close();
  home?.cleanup();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const posts = (text: string) => [...(fake?.state.tweets.values() ?? [])].filter((t) => t.text === text);

async function world() {
  fake = await startFakeSocial();
  home = createTempHome();
  const database = await freshPostgres();
  cleanups.push(() => database.drop());
  await preparePostgresHome(home, fake, { url: database.url, accounts: [] });
  const store = await openPostgres({ url: database.url, migrate: false });
  cleanups.push(() => store.close());
  return { home, store, env: { ...home.env, APP_STORAGE__WORKER_RELEASE_AFTER_SECONDS: '3' } };
}

describe('app serve --no-workers and app worker on Postgres', () => {
  it('posts what the API node composed once, through a worker, and drains the worker on SIGTERM', async () => {
    const { home, store, env } = await world();
    const server = await serve(env, { loops: true, workers: false });
    processes.push(server);
    const api = apiClient(home);
    const jobId = await api.compose(server.url, {
      content_type: 'tweet',
      content: 'posted by a Postgres worker',
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await api.job(server.url, jobId)).status).toBe('queued');
    expect(posts('posted by a Postgres worker')).toHaveLength(0);

    const background = await worker(env, ['--concurrency', '2']);
    processes.push(background);
    expect(background.output()).toMatch(/worker on postgres:\/\/.*: up to 2 turns at once/);
    const job = await untilPosted(server.url, api, jobId);
    expect(posts('posted by a Postgres worker')).toHaveLength(1);
    expect(job.posted_tweet_ids).toEqual([posts('posted by a Postgres worker')[0]?.id]);
    // Nothing was written to a SQLite file beside the config.
    const { existsSync } = await import('node:fs');
    expect(existsSync(`${home.dir}/app.db`)).toBe(false);

    const beating = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from worker_heartbeats where process like ${`%:${background.child.pid}`}`.execute(
            store.db,
          )
        ).rows[0]?.n,
      );
    expect(await beating()).toBeGreaterThan(0);
    background.child.kill('SIGTERM');
    expect(await background.exited).toEqual({ code: 0, signal: null });
    expect(await beating()).toBe(0);
  }, 60_000);

  it('posts from app serve --no-loops with no worker: only the autonomous loops are off', async () => {
    const { home, env } = await world();
    // --no-loops: "scheduled posts still go out" (its help); on Postgres this process's job engine takes
    // the posting queue's turns, as on SQLite its loops do.
    const server = await serve(env);
    processes.push(server);
    const api = apiClient(home);
    const jobId = await api.compose(server.url, { content_type: 'tweet', content: 'posted with --no-loops' });
    const job = await untilPosted(server.url, api, jobId);
    expect(posts('posted with --no-loops')).toHaveLength(1);
    expect(job.posted_tweet_ids).toEqual([posts('posted with --no-loops')[0]?.id]);
  }, 60_000);

  it('posts a scheduled post at its time from a worker whose clock is ten minutes fast', async () => {
    const { home, env } = await world();
    const server = await serve(env, { loops: true, workers: false });
    processes.push(server);
    const api = apiClient(home);
    // wall clock: the worker processes and the database run on real time
    const due = new Date(Date.now() + 8000);
    const response = await fetch(`${server.url}/api/content/compose`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${(await import('node:fs')).readFileSync(`${home.dir}/api_token`, 'utf8').trim()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        content_type: 'tweet',
        content: 'on time, whatever the clock',
        scheduled_for: due.toISOString(),
      }),
    });
    expect(response.status, await response.clone().text()).toBe(202);
    const { job_id: jobId } = (await response.json()) as { job_id: number };
    // Its clock says ten minutes later than it is: by its own clock the post would be due at once.
    // wall clock: the worker processes and the database run on real time
    const fast = new Date(Date.now() + 10 * 60_000).toISOString();
    const background = await worker({ ...env, APP_CLOCK_AT: fast });
    processes.push(background);
    await until(
      'the post to go out',
      () => (posts('on time, whatever the clock').length > 0 ? true : undefined),
      30_000,
    );
    // wall clock: the worker processes and the database run on real time
    const postedAt = Date.now();
    expect(postedAt).toBeGreaterThanOrEqual(due.getTime() - 500);
    expect(posts('on time, whatever the clock')).toHaveLength(1);
    expect((await untilPosted(server.url, api, jobId)).posted_tweet_ids).toEqual([
      posts('on time, whatever the clock')[0]?.id,
    ]);
  }, 60_000);
});
