// Parallel ingests against the built `app serve` (a process of its own, so the test's clock and polling are
// never held by the server's work): while ten 1,000-note ingests are being stored, the server still answers.
// Asserted as an order, not a time: a health request sent once notes are landing comes back before any of
// the ten ingests finishes (without turns of the event loop between slices, it waited for one at least).
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { killHard, prepareFakeHome, type ServeProcess, serve, until } from '../support/serve-process.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial;
let home: TempHome;
let server: ServeProcess;
beforeAll(async () => {
  fake = await startFakeSocial();
  home = createTempHome();
  prepareFakeHome(home, fake);
  server = await serve(home.env);
}, 30_000);
afterAll(async () => {
  await killHard(server);
  await fake.close();
  home.cleanup();
});

const notes = (k: number) =>
  Array.from({ length: 1000 }, (_, i) => ({
    relative_path: `bulk/${k}/note-${i}.md`,
    body_text: `# Note ${i}\n\nIngest ${k}, note ${i}: a paragraph about the release and why it matters.\n`,
  }));

describe('parallel ingest', () => {
  it('a health request sent while ten 1,000-note ingests are stored is answered before any of them ends', async () => {
    const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const done: string[] = [];
    const ingests = Array.from({ length: 10 }, async (_, k) => {
      const answer = await fetch(`${server.url}/api/ingest`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ inline_nodes: notes(k) }),
      });
      expect(await answer.json()).toMatchObject({ ingested: 1000, errors: [] });
      done.push(`ingest ${k}`);
    });
    // Read from outside the server: notes are landing, so an ingest is running right now.
    const db = new Database(`${home.dir}/app.db`, { readonly: true });
    const stored = () => (db.prepare('select count(*) as n from content_nodes').get() as { n: number }).n;
    try {
      await until('notes landing', () => (stored() > 0 ? true : undefined));
      expect(stored()).toBeLessThan(1000);
    } finally {
      db.close();
    }
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    done.push('health');
    await Promise.all(ingests);
    expect(done[0], done.join(', ')).toBe('health');
  }, 60_000);
});
