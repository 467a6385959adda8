// The tool server's approvals on a real Postgres (issue 28 item 4): `app mcp serve` over stdio and an
// `app serve --no-workers` API node on one database. An item an agent queues through the tool server, and
// its rejection by the agent, reach the API node's live event stream (LISTEN/NOTIFY); a stream opened on
// an item already waiting says so in its first event.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/contracts/live-events.js';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { preparePostgresHome } from '../support/postgres-home.js';
import { killHard, type ServeProcess, serve } from '../support/serve-process.js';
import { type EventStream, openEventStream } from '../support/sse-client.js';
import { type StdioToolServer, startStdioToolServer } from '../support/stdio-tool-server.js';
import { freshPostgres } from '../support/stores.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial | undefined;
let home: TempHome | undefined;
const processes: ServeProcess[] = [];
const streams: EventStream[] = [];
let tools: StdioToolServer | undefined;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await tools?.close();
  tools = undefined;
  await Promise.all(processes.map(killHard));
  processes.length = 0;
  await fake?.close();
  home?.cleanup();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

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
    return { opened, ready: await opened.next((e) => e.type === 'ready', 'ready') };
  };
  return { env, call, stream };
}

const about =
  (id: number, type: LiveEvent['type'], status?: string) =>
  (event: LiveEvent): boolean =>
    event.type === type && 'id' in event && event.id === id && (!status || event.status === status);

describe('the tool server on Postgres', () => {
  it("what the tool server queues and decides on Postgres is heard on an API node's stream", async () => {
    const { env, call, stream } = await world();
    const node = await serve(env, { loops: true, workers: false });
    processes.push(node);
    // `app mcp serve` over stdio, as an agent host starts it: the same home, so the same database.
    tools = await startStdioToolServer({ PATH: process.env.PATH ?? '', ...env });
    const earlier = await tools.call('compose_tweet', { content: 'queued before anyone listened' });
    expect(earlier.success, JSON.stringify(earlier)).toBe(true);

    // The stream opens on an item already waiting: its first word says so.
    const { opened: events, ready } = await stream(node);
    expect(ready).toEqual({ type: 'ready', pending: 1 });

    const composed = await tools.call('compose_tweet', { content: 'queued by an agent' });
    expect(composed.success, JSON.stringify(composed)).toBe(true);
    const id = composed.data.approval_id as number;
    expect(id).toEqual(expect.any(Number));
    expect(await events.next(about(id, 'approval_queued'), 'the agent’s item')).toMatchObject({
      actor: 'agent',
      status: 'pending',
      pending: 2,
    });

    const rejected = await tools.call('reject_item', { id });
    expect(rejected.success, JSON.stringify(rejected)).toBe(true);
    expect(
      await events.next(about(id, 'approval_updated', 'rejected'), 'the agent’s rejection'),
    ).toMatchObject({
      pending: 1,
    });
    expect(await call(node, 'GET', `/api/approval/${id}`)).toMatchObject({ status: 'rejected' });
  }, 40_000);
});
