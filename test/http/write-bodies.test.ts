// Writes take JSON bodies only: a query string never stands in for the body, and form posts, text/plain and
// untyped bodies are refused before parsing. Every write route of the table is held to it, and a refused
// request leaves nothing behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: HttpHarness;
beforeAll(async () => {
  h = await startHttpHarness({ approval_mode: true });
});
afterAll(() => h.close());

const count = (table: string) =>
  (sqliteOf(h.app.deps.database).sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number })
    .n;
const state = () => ({
  drafts: count('drafts'),
  approvals: count('approval_queue'),
  jobs: count('posting_jobs'),
  revisions: count('draft_revisions'),
  posts: h.fake.state.tweets.size,
});

async function inject(method: string, url: string, headers: Record<string, string>, payload?: string) {
  const response = await h.server.inject({
    method: method as 'POST',
    url,
    headers: { host: '127.0.0.1', authorization: `Bearer ${h.token}`, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, json: response.json() };
}

const writes = () =>
  h.server.routeTable.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !r.public);

describe('writes take JSON bodies only', () => {
  it('the compose of the probe: fields in the query string are refused (400), nothing is queued', async () => {
    const before = state();
    const response = await inject(
      'POST',
      '/api/content/compose?content_type=tweet&content=from%20the%20query',
      {},
    );
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('JSON body'),
    });
    expect(state()).toEqual(before);
  });

  it('a query string on any write route is 400, even beside a valid JSON body', async () => {
    const before = state();
    for (const route of writes()) {
      const url = `${route.url.replace(/:\w+/g, '1')}?content=x`;
      const response = await inject(route.method, url, { 'content-type': 'application/json' }, '{}');
      expect(response.status, `${route.method} ${url}`).toBe(400);
      expect(response.json.error.code).toBe('invalid_input');
    }
    expect(state()).toEqual(before);
  });

  it('form, text, untyped, XML and JSON-lookalike bodies are 415 on every write route', async () => {
    const before = state();
    const bodies: Array<[string | undefined, string]> = [
      ['application/x-www-form-urlencoded', 'content_type=tweet&content=hi'],
      ['text/plain', '{"content_type":"tweet","content":"hi"}'],
      ['text/plain; charset=utf-8', '{"content_type":"tweet","content":"hi"}'],
      [undefined, '{"content_type":"tweet","content":"hi"}'],
      ['application/xml', '<content>hi</content>'],
      ['application/vnd.api+json', '{"content_type":"tweet","content":"hi"}'],
      ['application/jsonx', '{}'],
    ];
    let checked = 0;
    for (const route of writes()) {
      const url = route.url.replace(/:\w+/g, '1');
      for (const [type, body] of bodies) {
        const response = await inject(route.method, url, type ? { 'content-type': type } : {}, body);
        expect(response.status, `${route.method} ${url} as ${type}`).toBe(415);
        expect(response.json.error.code).toBe('unsupported_media_type');
        checked++;
      }
      if (route.body === 'json') {
        const multipart = await inject(
          route.method,
          url,
          { 'content-type': 'multipart/form-data; boundary=x' },
          '--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nhi\r\n--x--\r\n',
        );
        expect(multipart.status, `${route.method} ${url} as multipart`).toBe(415);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(state()).toEqual(before);
  });

  it('JSON bodies (with a charset) and empty bodies still work', async () => {
    const created = await inject(
      'POST',
      '/api/content/drafts',
      { 'content-type': 'application/json; charset=utf-8' },
      JSON.stringify({ content: 'typed properly' }),
    );
    expect(created.status).toBe(201);
    const archived = await inject('POST', `/api/content/drafts/${created.json.id}/archive`, {});
    expect(archived.status).toBe(200);
  });

  it('action routes accept an empty body sent with Content-Type: application/json', async () => {
    const composed = await h.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'review me',
    });
    for (const body of ['', '  \n']) {
      const draft = await inject('POST', '/api/content/drafts', { 'content-type': 'application/json' }, body);
      expect(draft.status, JSON.stringify(draft.json)).toBe(201);
    }
    const approved = await inject(
      'POST',
      `/api/approval/${composed.json.approval_id}/approve`,
      { 'content-type': 'application/json' },
      '',
    );
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json.item).toMatchObject({ status: 'approved' });
  });

  it('reads still take their fields from the query string', async () => {
    const response = await h.api('GET', '/api/content/drafts?group=archive&limit=1&q=typed');
    expect(response.status).toBe(200);
    expect(response.json.items).toHaveLength(1);
  });
});
