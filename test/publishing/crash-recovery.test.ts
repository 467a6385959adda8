// The crash test: the server process is killed after the platform committed a post but before the outbox
// row was closed. On restart the in-doubt row is reconciled against the account's posts: no duplicate,
// and the item ends posted. (Every other step of posting is in kill-matrix.test.ts.)
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeSocial, faultPresets, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import {
  apiClient,
  killHard,
  prepareFakeHome,
  type ServeProcess,
  serve,
  until,
  untilPosted,
} from '../support/serve-process.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial | undefined;
let home: TempHome | undefined;
const servers: ServeProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.map(killHard));
  servers.length = 0;
  await fake?.close();
  home?.cleanup();
});

describe('crash between the platform write and the outbox update', () => {
  it('restarts, reconciles, posts nothing twice, and the item ends posted', async () => {
    fake = await startFakeSocial();
    home = createTempHome();
    prepareFakeHome(home, fake);

    const first = await serve(home.env);
    servers.push(first);
    const api = apiClient(home);
    // The platform will commit the post and then sit on its answer: the server is killed meanwhile.
    fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.holdAfterCommit(30_000) });
    const jobId = await api.compose(first.url, { content_type: 'tweet', content: 'survives a crash' });
    const live = () => [...(fake?.state.tweets.values() ?? [])].filter((t) => t.text === 'survives a crash');
    await until('the platform to commit the post', () => (live().length === 1 ? true : undefined));
    await killHard(first);
    fake.faults.clear();

    const postsBefore = fake.requests.filter((r) => r.method === 'POST' && r.path === '/2/tweets').length;
    const second = await serve(home.env);
    servers.push(second);
    const job = await untilPosted(second.url, api, jobId);
    expect(live()).toHaveLength(1);
    expect(job.posted_tweet_ids).toEqual([live()[0]?.id]);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/2/tweets').length).toBe(
      postsBefore,
    );
  }, 45_000);
});
