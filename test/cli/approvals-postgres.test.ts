// Approvals across processes on a real Postgres (issue 28 item 4): two `app serve --no-workers` API nodes
// and two `app worker` processes on one database. An item queued on node B reaches node A's live event
// stream (LISTEN/NOTIFY, not a poll of a file); approved on node A, it reaches B's stream, goes out once
// through one of the workers, and the worker's write reaches both streams as `posted`. All four start at
// once on a fresh home: both API nodes let in the API token the file holds.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/contracts/live-events.js';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { preparePostgresHome } from '../support/postgres-home.js';
import { killHard, type ServeProcess, serve, until, worker } from '../support/serve-process.js';
import { type EventStream, openEventStream } from '../support/sse-client.js';
import { freshPostgres } from '../support/stores.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial | undefined;
let home: TempHome | undefined;
const processes: ServeProcess[] = [];
const streams: EventStream[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
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
  writeFileSync(
    home.configPath,
    readFileSync(home.configPath, 'utf8').replace('approval_mode = false', 'approval_mode = true'),
  );
  const env = { ...home.env, APP_STORAGE__WORKER_RELEASE_AFTER_SECONDS: '3' };
  const dir = home.dir;
  // Written by the first start.
  const token = () => readFileSync(`${dir}/api_token`, 'utf8').trim();
  const call = async (node: ServeProcess, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${node.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token()}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const stream = async (node: ServeProcess) => {
    const opened = await openEventStream(`${node.url}/api/events`, { authorization: `Bearer ${token()}` });
    streams.push(opened);
    expect(opened.status).toBe(200);
    await opened.next((e) => e.type === 'ready', 'ready');
    return opened;
  };
  return { env, call, stream };
}

const about =
  (id: number, type: LiveEvent['type'], status?: string) =>
  (event: LiveEvent): boolean =>
    event.type === type && 'id' in event && event.id === id && (!status || event.status === status);

describe('approvals across processes on Postgres', () => {
  it("an item queued on one API node is heard on the other's stream, approved there, posted once by a worker", async () => {
    const { env, call, stream } = await world();
    // Started at once on a home without an API token yet: both serve with the one the file keeps.
    const [nodeA, nodeB, ...workers] = await Promise.all([
      serve(env, { loops: true, workers: false }),
      serve(env, { loops: true, workers: false }),
      worker(env),
      worker(env),
    ]);
    processes.push(nodeA, nodeB, ...workers);
    const [streamA, streamB] = await Promise.all([stream(nodeA), stream(nodeB)]);

    const text = 'approved on one node, posted by a worker';
    const composed = await call(nodeB, 'POST', '/api/content/compose', {
      content_type: 'tweet',
      content: text,
    });
    expect(composed.status).toBe('queued_for_approval');
    const id = composed.approval_id as number;
    // Node A never wrote it: it hears of it from the database.
    expect(await streamA.next(about(id, 'approval_queued'), 'the item queued on B, on A')).toMatchObject({
      status: 'pending',
      pending: 1,
      actor: 'api',
    });

    const approved = await call(nodeA, 'POST', `/api/approval/${id}/approve`, {});
    expect(approved.job_id).toEqual(expect.any(Number));
    await streamB.next(about(id, 'approval_updated', 'approved'), 'the approval made on A, on B');

    // The worker's write is news to both API nodes.
    await Promise.all([
      streamA.next(about(id, 'approval_updated', 'posted'), 'posted, on A', 20_000),
      streamB.next(about(id, 'approval_updated', 'posted'), 'posted, on B', 20_000),
    ]);
    expect(posts(text)).toHaveLength(1);
    const item = await call(nodeA, 'GET', `/api/approval/${id}`);
    expect(item).toMatchObject({ status: 'posted' });
    // Both workers go on taking turns; the post stays out once.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(posts(text)).toHaveLength(1);
    await until('no pending item', async () =>
      ((await call(nodeB, 'GET', '/api/approval/stats')) as { pending?: number }).pending === 0
        ? true
        : undefined,
    );
  }, 60_000);
});
