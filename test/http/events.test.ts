// The live event stream (GET /api/events) over a real socket: it needs credentials (bearer or session), it
// reports an item queued through ANOTHER database connection and a review made through this server, it caps
// the open streams, and closing the server ends every stream instead of waiting on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { hashPassphrase } from '../../src/infra/security/passphrase.js';
import { openDatabase } from '../../src/infra/sqlite/open-database.js';
import { ApprovalRepository } from '../../src/infra/sqlite/repositories/approval-repository.js';
import { AuthRepository } from '../../src/infra/sqlite/repositories/auth-repository.js';
import { MAX_EVENT_STREAMS } from '../../src/surfaces/http/routes/event-routes.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { type EventStream, openEventStream } from '../support/sse-client.js';

const PASSPHRASE = 'events passphrase for tests';
let h: HttpHarness;
let base: string;
const streams: EventStream[] = [];

beforeAll(async () => {
  h = await startHttpHarness({ approval_mode: true });
  await new AuthRepository(h.app.deps.database, DEFAULT_ACCOUNT_ID).setPassphraseHash(
    await hashPassphrase(PASSPHRASE),
    new Date(h.clock.now()),
  );
  base = await h.server.listen({ host: '127.0.0.1', port: 0 });
}, 30_000);
afterAll(async () => {
  for (const stream of streams) stream.close();
  await h.close();
});

async function open(headers: Record<string, string>): Promise<EventStream> {
  const stream = await openEventStream(`${base}/api/events`, headers);
  streams.push(stream);
  return stream;
}
const bearer = () => ({ authorization: `Bearer ${h.token}` });

describe('GET /api/events', () => {
  it('is not public: no credentials or a wrong token is 401, and no stream opens', async () => {
    expect(h.server.routeTable.find((r) => r.url === '/api/events')).toMatchObject({ public: false });
    const anonymous = await open({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/json');
    await anonymous.ended;
    expect(JSON.parse(anonymous.text())).toMatchObject({ error: { code: 'unauthenticated' } });
    const wrong = await open({ authorization: `Bearer ${'0'.repeat(64)}` });
    expect(wrong.status).toBe(401);
  });

  it('reports an item queued through another database connection, then its review made here', async () => {
    const stream = await open(bearer());
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const ready = await stream.next((e) => e.type === 'ready', 'ready');
    expect(ready).toEqual({ type: 'ready', pending: 0 });

    // Another connection to the same file, as `app mcp serve` in another process has.
    const other = openDatabase({ path: sqliteOf(h.app.deps.database).path });
    try {
      const item = await new ApprovalRepository(other, DEFAULT_ACCOUNT_ID).create(
        {
          action_type: 'reply',
          payload: { cards: [{ text: 'a reply from elsewhere', media_paths: [] }] },
          actor: 'loop:discovery',
          target_tweet_id: '1890',
        },
        h.app.deps.clock.now(),
      );
      const queued = await stream.next((e) => e.type === 'approval_queued' && e.id === item.id, 'queued');
      expect(queued).toMatchObject({
        type: 'approval_queued',
        id: item.id,
        action_type: 'reply',
        actor: 'loop:discovery',
        status: 'pending',
        pending: 1,
      });

      const rejected = await h.api('POST', `/api/approval/${item.id}/reject`, { notes: 'off topic' });
      expect(rejected.status).toBe(200);
      const updated = await stream.next((e) => e.type === 'approval_updated' && e.id === item.id, 'updated');
      expect(updated).toMatchObject({ status: 'rejected', actor: 'loop:discovery', pending: 0 });
      // One event per change: the queued item is not announced twice.
      expect(stream.events.filter((e) => e.type === 'approval_queued' && e.id === item.id)).toHaveLength(1);
    } finally {
      await other.close();
    }
    stream.close();
  });

  it('accepts the dashboard session cookie (a GET needs no CSRF header)', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: PASSPHRASE }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const stream = await open({ cookie });
    expect(stream.status).toBe(200);
    await stream.next((e) => e.type === 'ready', 'ready');
    stream.close();
  });

  it(`caps the open streams at ${MAX_EVENT_STREAMS}: one more is refused with 429 and Retry-After until one closes`, async () => {
    const held: EventStream[] = [];
    for (let i = 0; i < MAX_EVENT_STREAMS; i++) {
      const stream = await open(bearer());
      await stream.next((e) => e.type === 'ready', 'ready');
      held.push(stream);
    }
    const refused = await open(bearer());
    expect(refused.status).toBe(429);
    // A client (the dashboard's EventSource among them) knows when to try again.
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    await refused.ended;
    expect(JSON.parse(refused.text())).toMatchObject({ error: { code: 'throttled' } });
    held[0]?.close();
    await held[0]?.ended;
    await expect
      .poll(async () => {
        const again = await open(bearer());
        again.close();
        return again.status;
      })
      .toBe(200);
    for (const stream of held) stream.close();
  });

  it('closing the server ends the open streams (shutdown never waits on a client)', async () => {
    const stream = await open(bearer());
    await stream.next((e) => e.type === 'ready', 'ready');
    await h.server.close();
    await stream.ended;
    expect(stream.text()).toContain('event: ready');
  });
});
