// Note search on both stores gives the same answers over one shared fixture: SQLite's FTS5 (bm25) and
// Postgres' full-text search (ts_rank over the GIN-indexed document) find the same notes for the same
// words, accents and case folded, prefixes and all words required, and agree on the top results, for the
// notes API's search and for vault context's keyword lookup.
import { describe, expect, it } from 'vitest';
import { testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { parseNote } from '../../../core/services/sources/parse-note.js';
import type { Store } from '../../storage/store.js';
import { NoteRepository } from './note-repository.js';
import { VaultRepository } from './vault-repository.js';

const NOW = new Date('2026-11-24T10:00:00.000Z');

/** The shared fixture: [path, text]. Titles come from front-matter or the first heading. */
const NOTES: Array<[string, string]> = [
  [
    'queues.md',
    '# Queue depth\nAlert on queue depth, not on CPU. Queue depth tells you the backlog; queue depth is the signal.\n## Tools\nA queue dashboard helps.',
  ],
  ['cafe.md', '# Café launch\nWe open the café on Monday. The naïve résumé parser ships too.'],
  [
    'rust.md',
    '# Rust notes\n## Ownership\nRust ownership and borrowing.\n## Errors\nResult and the ? operator.',
  ],
  ['cli.md', '# CLI design\nSmall CLI tools in Rust are pleasant. Error messages matter most.'],
  ['garden.md', '# Garden\nTomatoes need sun. Queue for the seed swap early.'],
  ['launch.md', '# Launching\nLaunch checklist: changelog, announcement, a cafe meetup.'],
  ['empty-ish.md', '# Misc\nNothing much here, only a word about depth.'],
];

async function seeded(store: Store): Promise<{ notes: NoteRepository; paths: Map<number, string> }> {
  const notes = new NoteRepository(store, DEFAULT_ACCOUNT_ID);
  const source = await notes.ensureSource({ source_type: 'manual', source_key: 'manual', config: {} }, NOW);
  const paths = new Map<number, string>();
  await notes.atomically(async () => {
    for (const [path, text] of NOTES) {
      const parsed = parseNote(text);
      const { id } = await notes.saveNote(
        { sourceId: source.id, relativePath: path, hash: path, ...parsed },
        NOW,
      );
      paths.set(id, path);
    }
  });
  return { notes, paths };
}

const QUERIES = [
  'queue depth',
  'queue',
  'cafe',
  'CAFÉ',
  'resume',
  'rust',
  'laun',
  'error',
  'depth',
  'missing',
];
const KEYWORDS = [['queue depth'], ['rust', 'cli'], ['cafe'], ['tomatoes', 'changelog'], ['error']];

describe('note search on SQLite and Postgres', () => {
  const sqliteStores = testStores('sqlite');
  const postgresStores = testStores('postgres');

  it('finds the same notes for the same words, and the top results agree', async () => {
    const stores = {
      sqlite: await seeded(await sqliteStores.open()),
      postgres: await seeded(await postgresStores.open()),
    };
    for (const q of QUERIES) {
      const [lite, pg] = await Promise.all(
        [stores.sqlite, stores.postgres].map(async ({ notes }) =>
          notes.searchNotes({ q, limit: 20, offset: 0 }),
        ),
      );
      const pathsOf = (found: typeof lite) => found?.items.map((item) => item.relative_path) ?? [];
      expect(pg?.total, q).toBe(lite?.total);
      expect([...pathsOf(pg)].sort(), q).toEqual([...pathsOf(lite)].sort());
      expect(pathsOf(pg)[0], q).toBe(pathsOf(lite)[0]);
      // The snippet shown is the same fragment.
      expect(
        pg?.items.map((item) => [item.relative_path, item.heading_path, item.snippet]).sort(),
        q,
      ).toEqual(lite?.items.map((item) => [item.relative_path, item.heading_path, item.snippet]).sort());
    }
    const top = async (q: string) =>
      (await stores.sqlite.notes.searchNotes({ q, limit: 3, offset: 0 })).items;
    // The fixture does rank: the note saying it four times comes first.
    expect((await top('queue depth'))[0]?.relative_path).toBe('queues.md');
    expect((await top('queue'))[0]?.relative_path).toBe('queues.md');
    expect((await top('laun')).map((item) => item.relative_path).sort()).toEqual(['cafe.md', 'launch.md']);
    expect((await top('missing')).length).toBe(0);
  });

  it('vault context matches the same fragments for the same keywords', async () => {
    const [liteStore, pgStore] = [await sqliteStores.open(), await postgresStores.open()];
    await seeded(liteStore);
    await seeded(pgStore);
    const lite = new VaultRepository(liteStore, DEFAULT_ACCOUNT_ID);
    const pg = new VaultRepository(pgStore, DEFAULT_ACCOUNT_ID);
    for (const keywords of KEYWORDS) {
      const [a, b] = await Promise.all([
        lite.matchingFragments(keywords, 10),
        pg.matchingFragments(keywords, 10),
      ]);
      const view = (found: typeof a) => found.map((fragment) => `${fragment.path} ${fragment.headingPath}`);
      expect(view(b).sort(), keywords.join()).toEqual(view(a).sort());
      expect(view(b)[0], keywords.join()).toBe(view(a)[0]);
    }
  });
});
