// /api/assist/* with the fake LLM: generation in the account's voice, tone cues, length repair, banned-phrase
// regeneration, thread parsing, vault context, topics, optimal times and mode.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let llm: FakeLlm;
let h: HttpHarness;
beforeAll(async () => {
  llm = await startFakeLlm();
  h = await startHttpHarness({
    mode: 'composer',
    schedule: { timezone: 'Europe/Lisbon' },
    business: {
      product_name: 'Acme',
      product_description: 'A CLI that ships release notes',
      product_keywords: ['changelog'],
      industry_topics: ['release engineering'],
      brand_voice: 'dry and precise',
      content_pillars: ['shipping', 'docs'],
    },
    llm: { provider: 'openai', api_key: 'sk-test', base_url: llm.openaiBaseUrl },
  });
});
beforeEach(() => llm.reset());
afterAll(async () => {
  await h.close();
  await llm.close();
});

const post = (path: string, body: object) => h.api('POST', `/api/assist/${path}`, body);

describe('AI assist', () => {
  it('tweet: the tone cue is read out of the topic and the voice reaches the prompt', async () => {
    llm.script.reply('"Ship small, write it down."');
    const response = await post('tweet', { topic: '[Tone: playful] release notes' });
    expect(response.json).toEqual({
      content: 'Ship small, write it down.',
      topic: 'release notes',
      flags: [],
    });
    expect(llm.calls[0]?.system).toContain('Voice & personality: dry and precise');
    expect(llm.calls[0]?.system).toContain('Tone (MUST follow): playful');
    expect(llm.calls[0]?.messages.at(-1)?.content).toBe('Write a post about: release notes');
  });

  it('too long: one retry with a stricter instruction, then trimmed at a sentence', async () => {
    llm.script.reply('x'.repeat(400));
    llm.script.reply('Short enough now.');
    expect((await post('tweet', { topic: 'docs' })).json.content).toBe('Short enough now.');
    expect(llm.calls[1]?.system).toContain('MUST be under 280 characters');

    const long = `First sentence stays. ${'word '.repeat(80)}`;
    llm.script.reply(long);
    llm.script.reply(long);
    const trimmed = (await post('tweet', { topic: 'docs' })).json;
    expect(trimmed.flags).toEqual(['truncated']);
    expect(trimmed.content.length).toBeLessThanOrEqual(280);
  });

  it('a banned phrase is regenerated once, then flagged — never returned silently', async () => {
    llm.script.reply('You should check out our CLI.');
    llm.script.reply('Release notes are a product.');
    expect((await post('tweet', { topic: 'x' })).json).toMatchObject({
      content: 'Release notes are a product.',
      flags: [],
    });
    expect(llm.calls[1]?.system).toContain('Never use the phrase "check out"');
    llm.script.reply('Check out the docs.', { times: 2 });
    expect((await post('tweet', { topic: 'x' })).json.flags).toEqual(['contains_banned_phrase: check out']);
  });

  it('reply: no vault, product mention only when asked', async () => {
    llm.script.reply('Keep a changelog per release.');
    const response = await post('reply', { tweet_text: 'How do you track changes?', tweet_author: 'dana' });
    expect(response.json.content).toBe('Keep a changelog per release.');
    expect(llm.calls[0]?.system).toContain('Do not mention the product');
    expect(llm.calls[0]?.messages.at(-1)?.content).toBe('Post by @dana: How do you track changes?');
  });

  it('thread: parsed into cards, retried when the model breaks the format', async () => {
    llm.script.reply('just one block without separators');
    llm.script.reply('Hook here\n---\nPoint one\n---\nPoint two\n---\nWrap up');
    const response = await post('thread', { topic: '[Tone: calm] shipping' });
    expect(response.json).toMatchObject({
      tweets: ['Hook here', 'Point one', 'Point two', 'Wrap up'],
      topic: 'shipping',
    });
    expect(llm.calls).toHaveLength(2);
    llm.script.reply('nope', { times: 3 });
    expect((await post('thread', { topic: 'x' })).json.error.code).toBe('llm_error');
  });

  it('improve: the context is a must-follow directive; vault notes and citations when they match', async () => {
    const ingested = await h.api('POST', '/api/ingest', {
      inline_nodes: [
        {
          relative_path: 'n.md',
          title: 'Changelog habits',
          body_text: 'Write the changelog while the change is fresh.',
        },
      ],
    });
    expect(ingested.json.ingested).toBe(1);
    const node = sqliteOf(h.app.deps.database)
      .sqlite.prepare("select id from content_nodes where relative_path = 'n.md'")
      .pluck()
      .get();
    llm.script.reply('We shipped it. Here is why it matters.');
    const response = await post('improve', { draft: 'we released a thing', context: 'more confident' });
    expect(response.json.content).toBe('We shipped it. Here is why it matters.');
    expect(response.json.vault_citations).toEqual([
      expect.objectContaining({
        node_id: Number(node),
        source_title: 'Changelog habits',
        source_path: 'n.md',
      }),
    ]);
    expect(llm.calls[0]?.system).toContain('Tone directive (MUST follow): more confident');
    expect(llm.calls[0]?.system).toContain('Write the changelog while the change is fresh.');
    expect((await post('improve', { draft: '   ' })).status).toBe(400);
    // A reply is grounded too, in the notes the user picked.
    llm.script.reply('Fresh notes make honest changelogs.');
    const reply = await post('reply', {
      tweet_text: 'How do you write release notes?',
      tweet_author: 'sam',
      selected_node_ids: [Number(node)],
    });
    expect(reply.json.vault_citations).toEqual([expect.objectContaining({ node_id: Number(node) })]);
    expect(llm.calls.at(-1)?.system).toContain('Write the changelog while the change is fresh.');
  });

  it('topics, optimal times and mode', async () => {
    const topics = await h.api('GET', '/api/assist/topics');
    expect(topics.json.topics).toEqual([
      { topic: 'shipping', score: 0, source: 'profile' },
      { topic: 'docs', score: 0, source: 'profile' },
      { topic: 'release engineering', score: 0, source: 'profile' },
    ]);
    const empty = await h.api('GET', '/api/assist/optimal-times');
    expect(empty.json).toMatchObject({
      timezone: 'Europe/Lisbon',
      times: [],
      fallback: ['09:15', '12:30', '17:00'],
    });
    const db = sqliteOf(h.app.deps.database).sqlite;
    const add = (id: string, at: string, score: number) => {
      db.prepare("insert into posts (tweet_id, kind, text, posted_at) values (?, 'tweet', 'x', ?)").run(
        id,
        at,
      );
      db.prepare('insert into post_metrics (tweet_id, performance_score) values (?, ?)').run(id, score);
    };
    add('a', '2026-11-20T09:10:00.000Z', 10);
    add('b', '2026-11-19T09:40:00.000Z', 30);
    add('c', '2026-11-19T17:05:00.000Z', 5);
    const times = await h.api('GET', '/api/assist/optimal-times');
    expect(times.json.times).toEqual([
      { hour: 9, avg_engagement: 20, post_count: 2 },
      { hour: 17, avg_engagement: 5, post_count: 1 },
    ]);
    expect(times.json.fallback).toBeNull();
    expect((await h.api('GET', '/api/assist/mode')).json).toEqual({ mode: 'composer', approval_mode: true });
  });

  it('without an LLM configured the assist routes answer llm_not_configured', async () => {
    const bare = await startHttpHarness({});
    try {
      const response = await bare.api('POST', '/api/assist/tweet', { topic: 'x' });
      expect(response.json.error.code).toBe('llm_not_configured');
    } finally {
      await bare.close();
    }
  });
});
