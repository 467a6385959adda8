// Two processes over one database (the service and the tool server): a job is published by exactly one
// of them; a job in progress in a live process is left alone; one left by a dead process is taken over.
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../src/app/wiring/create-app.js';
import { ConfigSchema } from '../../src/contracts/config/config.js';
import { publishJob, runPostingQueue } from '../../src/core/gateway/publish-job.js';
import { createLogger } from '../../src/infra/logging/create-logger.js';
import {
  createFakeClock,
  type FakeSocial,
  faultPresets,
  startFakeSocial,
} from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial;
let home: TempHome;
const apps: App[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await fake?.close();
  home?.cleanup();
});

async function twoApps(): Promise<[App, App]> {
  const clock = createFakeClock({ frozen: true, start: Date.parse('2026-11-22T12:00:00.000Z') });
  fake = await startFakeSocial({ clock });
  home = createTempHome();
  storeFakeLogin(fake, `${home.dir}/tokens.json`);
  const config = ConfigSchema.parse({
    social_api: {
      client_id: 'c',
      api_base_url: fake.url,
      upload_base_url: fake.url,
      request_timeout_seconds: 5,
    },
  });
  const make = () =>
    createApp({
      config,
      dataDir: home.dir,
      logger: createLogger({ level: 'silent' }),
      clock: { now: () => new Date(clock.now()) },
      env: home.env,
      sleep: async () => {},
    });
  const pair: [App, App] = [await make(), await make()];
  apps.push(...pair);
  return pair;
}

const queueOne = (app: App, text: string) =>
  app.deps.content.posting.createJob(
    {
      kind: 'tweet',
      payload: { cards: [{ text, media_paths: [] }] },
      scheduled_for: null,
      origin_type: 'mcp',
      actor: 'agent',
    },
    app.deps.clock.now(),
  );

describe('job claims', () => {
  it('two queues racing for the same job post it once', async () => {
    const [a, b] = await twoApps();
    const job = await queueOne(a, 'raced by two processes');
    // a's write is slow to land; b reaches for the same queued job meanwhile.
    fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.latency(300) });
    const first = publishJob(a.deps.publisher, job);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [ra, rb] = await Promise.all([first, publishJob(b.deps.publisher, job)]);
    // One of them published; the other saw the job taken and sent nothing (no refused duplicate either).
    expect([ra.status, rb.status]).toContain('posted');
    expect([ra.status, rb.status]).not.toContain('failed');
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/2/tweets')).toHaveLength(1);
    expect(fake.state.tweetsNewestFirst().filter((t) => t.text === 'raced by two processes')).toHaveLength(1);
  });

  it('leaves a job in progress in a live process alone, and takes over one whose process is gone', async () => {
    const [a, b] = await twoApps();
    const job = await queueOne(a, 'claimed by a live sibling');
    const at = a.deps.clock.now();
    // Process a holds the job (a live pid on this host).
    await a.deps.content.posting.claimJob(job, a.deps.publisher.owner, at);
    expect(await runPostingQueue(b.deps.publisher)).toEqual([]);
    expect(fake.state.tweetsNewestFirst().some((t) => t.text === 'claimed by a live sibling')).toBe(false);

    // The same job as claimed by a process that has exited.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const held = await b.deps.content.posting.getJob(job.id);
    await b.deps.content.posting.updateJob(
      job.id,
      { claimed_by: `${a.deps.publisher.owner.split(':')[0]}:${gone}:dead` },
      at,
    );
    expect(held?.status).toBe('in_progress');
    const [recovered] = await runPostingQueue(b.deps.publisher);
    expect(recovered?.status).toBe('posted');
    expect(fake.state.tweetsNewestFirst().filter((t) => t.text === 'claimed by a live sibling')).toHaveLength(
      1,
    );
  });
});
