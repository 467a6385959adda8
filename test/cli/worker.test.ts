// `app serve --no-workers` serves and does no background work; `app worker` does it (here on the SQLite
// default: its loops in its own process over the same database): a post composed through the API waits
// until a worker runs, then goes out once; the idle worker stays up, and SIGTERM drains it (exit 0).
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { spawnApp } from '../support/run-app.js';
import {
  apiClient,
  killHard,
  prepareFakeHome,
  type ServeProcess,
  serve,
  untilPosted,
  worker,
} from '../support/serve-process.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial | undefined;
let home: TempHome | undefined;
const processes: ServeProcess[] = [];
afterEach(async () => {
  await Promise.all(processes.map(killHard));
  processes.length = 0;
  await fake?.close();
  home?.cleanup();
});

const posts = (text: string) => [...(fake?.state.tweets.values() ?? [])].filter((t) => t.text === text);

describe('app worker and app serve --no-workers', () => {
  it('leaves the posting to a worker, which posts once and drains on SIGTERM', async () => {
    fake = await startFakeSocial();
    home = createTempHome();
    prepareFakeHome(home, fake);
    const server = await serve(home.env, { loops: true, workers: false });
    processes.push(server);
    const api = apiClient(home);
    const jobId = await api.compose(server.url, { content_type: 'tweet', content: 'posted by a worker' });
    // The posting queue turns every second in a process that runs it: three seconds and nothing went out.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await api.job(server.url, jobId)).status).toBe('queued');
    expect(posts('posted by a worker')).toHaveLength(0);

    const background = await worker(home.env);
    processes.push(background);
    expect(background.output()).toMatch(/worker on .*app\.db: the loops run in this process/);
    const job = await untilPosted(server.url, api, jobId);
    expect(posts('posted by a worker')).toHaveLength(1);
    expect(job.posted_tweet_ids).toEqual([posts('posted by a worker')[0]?.id]);

    // Idle, it stays up (nothing else holds its process open on SQLite: no port, unref'd loop timers).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(background.child.exitCode).toBeNull();
    expect(background.child.signalCode).toBeNull();

    background.child.kill('SIGTERM');
    expect(await background.exited).toEqual({ code: 0, signal: null });
  }, 45_000);

  it('refuses a concurrency that is not a whole number from 1 to 64, naming the flag (exit 2)', () => {
    home = createTempHome();
    for (const value of ['0', '65', 'four', '1.5']) {
      const result = spawnApp(['worker', '--concurrency', value], home.env);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`app: --concurrency: '${value}' is not a whole number from 1 to 64\n`);
    }
  });
});
