// Draft Studio's server side: create, autosave with revisions, optimistic versions (exactly one 409 for
// two sessions), groupings with search, tags, sort and paging, archive/restore/duplicate, revisions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';

let h: HttpHarness;
beforeAll(async () => {
  h = await startHttpHarness({ approval_mode: false });
});
afterAll(() => h.close());

const create = async (body: object) => {
  const response = await h.api('POST', '/api/content/drafts', body);
  expect(response.status).toBe(201);
  return response.json;
};

describe('drafts', () => {
  it('creates a post draft and a thread draft (blocks, or the legacy JSON array)', async () => {
    const post = await create({ content: 'hello', title: 'First', tags: ['ideas'] });
    expect(post).toMatchObject({
      version: 1,
      content_type: 'tweet',
      content: 'hello',
      blocks: null,
      group: 'active',
      status: 'draft',
      tags: ['ideas'],
    });
    const legacy = await create({ content_type: 'thread', content: JSON.stringify(['one', 'two']) });
    expect(legacy.blocks.map((b: { text: string }) => b.text)).toEqual(['one', 'two']);
    expect(legacy.content).toBe('["one","two"]');
    const blocks = await create({
      content_type: 'thread',
      blocks: [
        { id: 'b2', text: 'second', media_paths: [], order: 1 },
        { id: 'b1', text: 'first', media_paths: [], order: 0 },
      ],
    });
    expect(blocks.blocks.map((b: { id: string }) => b.id)).toEqual(['b1', 'b2']);
    // `order` may be left out: the array position is the order.
    const unordered = await create({
      content_type: 'thread',
      blocks: [
        { id: 'u1', text: 'first' },
        { id: 'u2', text: 'second', media_paths: [] },
      ],
    });
    expect(unordered.blocks).toEqual([
      { id: 'u1', text: 'first', media_paths: [], order: 0 },
      { id: 'u2', text: 'second', media_paths: [], order: 1 },
    ]);
    const malformed = await h.api('POST', '/api/content/drafts', {
      content_type: 'thread',
      blocks: [{ id: 'x', order: 0 }],
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.message).toContain('blocks[0].text');
  });

  it('autosave: a changed content writes a revision and bumps the version; identical content writes none', async () => {
    const draft = await create({ content: 'v1' });
    const saved = await h.api('PATCH', `/api/content/drafts/${draft.id}`, { version: 1, content: 'v2' });
    expect(saved.json).toMatchObject({ version: 2, content: 'v2' });
    const same = await h.api('PATCH', `/api/content/drafts/${draft.id}`, { version: 2, content: 'v2' });
    expect(same.json.version).toBe(2);
    const titled = await h.api('PATCH', `/api/content/drafts/${draft.id}`, {
      version: 2,
      title: 'named',
      notes: 'n',
      tags: ['a', 'b'],
    });
    expect(titled.json).toMatchObject({ version: 3, title: 'named', notes: 'n', tags: ['a', 'b'] });
    const revisions = await h.api('GET', `/api/content/drafts/${draft.id}/revisions`);
    expect(
      revisions.json.items.map((r: { trigger: string; content: string }) => [r.trigger, r.content]),
    ).toEqual([
      ['autosave', 'v2'],
      ['created', 'v1'],
    ]);
  });

  it('a stale version gets 409 with the server content and version, and changes nothing', async () => {
    const draft = await create({ content: 'base' });
    await h.api('PATCH', `/api/content/drafts/${draft.id}`, { version: 1, content: 'from tab A' });
    const stale = await h.api('PATCH', `/api/content/drafts/${draft.id}`, {
      version: 1,
      content: 'from tab B',
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatchObject({
      code: 'conflict',
      details: { conflict: true, current: { version: 2, content: 'from tab A' } },
    });
    expect((await h.api('GET', `/api/content/drafts/${draft.id}`)).json.content).toBe('from tab A');
  });

  it('two sessions autosaving the same version at once: exactly one wins, the other gets 409', async () => {
    for (let round = 0; round < 10; round++) {
      const draft = await create({ content: `race ${round}` });
      const results = await Promise.all(
        ['A', 'B'].map((tab) =>
          h.api('PATCH', `/api/content/drafts/${draft.id}`, { version: 1, content: `tab ${tab}` }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)?.json.content;
      const current = await h.api('GET', `/api/content/drafts/${draft.id}`);
      expect(current.json).toMatchObject({ version: 2, content: winner });
      expect((await h.api('GET', `/api/content/drafts/${draft.id}/revisions`)).json.items).toHaveLength(2);
    }
  });

  it('restores a revision as a new save and duplicates a draft', async () => {
    const draft = await create({ content: 'original', title: 'T' });
    await h.api('PATCH', `/api/content/drafts/${draft.id}`, { version: 1, content: 'edited' });
    const created = (await h.api('GET', `/api/content/drafts/${draft.id}/revisions`)).json.items.at(-1);
    const restored = await h.api('POST', `/api/content/drafts/${draft.id}/revisions/${created.id}/restore`, {
      version: 2,
    });
    expect(restored.json).toMatchObject({ version: 3, content: 'original' });
    const stale = await h.api('POST', `/api/content/drafts/${draft.id}/revisions/${created.id}/restore`, {
      version: 2,
    });
    expect(stale.status).toBe(409);
    const copy = await h.api('POST', `/api/content/drafts/${draft.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.json).toMatchObject({ title: 'T (copy)', content: 'original', version: 1 });
  });

  it('archive hides a draft from Active, restore brings it back; delete removes it', async () => {
    const draft = await create({ content: 'to archive' });
    const archived = await h.api('POST', `/api/content/drafts/${draft.id}/archive`);
    expect(archived.json).toMatchObject({ group: 'archive', archived_at: expect.any(String) });
    const active = await h.api('GET', '/api/content/drafts?group=active&limit=200');
    expect(active.json.items.map((i: { id: number }) => i.id)).not.toContain(draft.id);
    const archive = await h.api('GET', '/api/content/drafts?group=archive');
    expect(archive.json.items.map((i: { id: number }) => i.id)).toContain(draft.id);
    expect((await h.api('POST', `/api/content/drafts/${draft.id}/restore`)).json.group).toBe('active');
    expect((await h.api('DELETE', `/api/content/drafts/${draft.id}`)).json).toEqual({
      id: draft.id,
      deleted: true,
    });
    expect((await h.api('GET', `/api/content/drafts/${draft.id}`)).status).toBe(404);
  });
});

describe('draft list', () => {
  it('groups, searches title and text (threads by card text), filters by tag, sorts and pages', async () => {
    const mk = (body: object) => create(body);
    const a = await mk({ content: 'Zebra crossing notes', title: 'alpha', tags: ['travel'] });
    const b = await mk({ content: 'nothing to see', title: 'Zebra title', tags: ['travel', 'fun'] });
    const c = await mk({
      content_type: 'thread',
      content: JSON.stringify(['first card', 'a zebra in card two']),
    });
    const d = await mk({ content: 'percent 100% literal_under' });
    const search = await h.api('GET', '/api/content/drafts?q=zebra&limit=200');
    expect(search.json.items.map((i: { id: number }) => i.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(search.json.items.find((i: { id: number }) => i.id === c.id)).toMatchObject({
      preview: 'first card',
      card_count: 2,
    });
    const literal = await h.api('GET', `/api/content/drafts?q=${encodeURIComponent('100%')}&limit=200`);
    expect(literal.json.items.map((i: { id: number }) => i.id)).toEqual([d.id]);
    const tagged = await h.api('GET', '/api/content/drafts?tag=fun');
    expect(tagged.json.items.map((i: { id: number }) => i.id)).toEqual([b.id]);
    const byTitle = await h.api('GET', '/api/content/drafts?q=zebra&sort=title_asc');
    expect(byTitle.json.items.map((i: { title: string | null }) => i.title)).toEqual([
      null,
      'alpha',
      'Zebra title',
    ]);
    const page1 = await h.api('GET', '/api/content/drafts?q=zebra&sort=created_asc&limit=2&offset=0');
    const page2 = await h.api('GET', '/api/content/drafts?q=zebra&sort=created_asc&limit=2&offset=2');
    expect(page1.json).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect([...page1.json.items, ...page2.json.items].map((i: { id: number }) => i.id)).toEqual([
      a.id,
      b.id,
      c.id,
    ]);
    const tags = await h.api('GET', '/api/content/tags');
    expect(tags.json.items).toEqual(
      expect.arrayContaining([
        { name: 'travel', count: 2 },
        { name: 'fun', count: 1 },
      ]),
    );
  });

  it('scheduled and posted drafts move to their groups', async () => {
    const draft = await create({ content: 'for later' });
    const scheduled = await h.api('POST', `/api/content/drafts/${draft.id}/schedule`, {
      scheduled_for: '2026-11-23T09:00:00',
    });
    expect(scheduled.status).toBe(202);
    expect(scheduled.json).toMatchObject({
      status: 'scheduled',
      draft: { group: 'scheduled', scheduled_for: '2026-11-23T09:00:00.000Z' },
    });
    const list = await h.api('GET', '/api/content/drafts?group=scheduled&sort=scheduled_asc');
    expect(list.json.items.map((i: { id: number }) => i.id)).toContain(draft.id);
    const editing = await h.api('PATCH', `/api/content/drafts/${draft.id}`, {
      version: 1,
      content: 'for later, edited',
    });
    expect(editing.status).toBe(200);
    const job = await h.api('GET', `/api/posting/jobs/${scheduled.json.job_id}`);
    expect(job.json.payload.cards[0].text).toBe('for later, edited');
    const back = await h.api('POST', `/api/content/drafts/${draft.id}/unschedule`);
    expect(back.json).toMatchObject({ group: 'active', scheduled_for: null });
    expect((await h.api('GET', `/api/posting/jobs/${scheduled.json.job_id}`)).json.status).toBe('cancelled');
  });
});
