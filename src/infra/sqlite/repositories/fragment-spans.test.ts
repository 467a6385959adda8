// Fragments stored as spans of the body, read back by every reader: the note's detail and search (cut in
// JavaScript), vault context and provenance (one cut by the store's substr()), on both stores. Emoji are where JavaScript's
// UTF-16 offsets and SQLite's characters differ; CRLF notes are stored with LF, a lone surrogate as U+FFFD.
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { chunkMarkdown } from '../../../core/domain/chunk-markdown.js';
import { parseNote } from '../../../core/services/sources/parse-note.js';
import type { Store } from '../../storage/store.js';
import { convertOffsets, fragmentText } from './fragment-spans.js';
import { NoteRepository } from './note-repository.js';
import { ProvenanceRepository } from './provenance-repository.js';
import { VaultRepository } from './vault-repository.js';

const NOW = new Date('2026-11-24T10:00:00Z');
const TEXT =
  '---\r\ntitle: Party\r\n---\r\n🎉 Intro with 👩‍👩‍👧 family\r\n# Plans 🗓\r\nBook the 🎸 band early.\r\n' +
  '## Food\r\nPizza 🍕 for everyone, and cake.\r\n## Odd\r\nA lone \uD83D surrogate, then the end.\r\n';

const expected = chunkMarkdown(parseNote(TEXT).body).map((f) => f.text);

describe.each(STORES)('fragments as spans of the body (%s)', (dialect) => {
  const stores = testStores(dialect);
  let database: Store;
  let notes: NoteRepository;
  let nodeId: number;

  beforeEach(async () => {
    database = await stores.open();
    notes = new NoteRepository(database, DEFAULT_ACCOUNT_ID);
    const source = await notes.ensureSource({ source_type: 'manual', source_key: 'manual', config: {} }, NOW);
    const parsed = parseNote(TEXT);
    nodeId = (
      await notes.saveNote({ sourceId: source.id, relativePath: 'party.md', hash: 'h', ...parsed }, NOW)
    ).id;
  });

  it('the body is stored with LF and each span reads back its fragment, in JavaScript and in SQL', async () => {
    // The lone surrogate is stored as U+FFFD: kept, SQLite would count one character and give back three.
    expect(expected).toEqual([
      '🎉 Intro with 👩‍👩‍👧 family',
      'Book the 🎸 band early.',
      'Pizza 🍕 for everyone, and cake.',
      'A lone \uFFFD surrogate, then the end.',
    ]);
    const detail = await notes.note(nodeId);
    expect(detail?.body_text).not.toContain('\r');
    expect(detail?.fragments.map((f) => f.text)).toEqual(expected);
    const { rows } = await sql<{ text: string }>`select ${fragmentText(dialect)} as text
      from content_chunks c join content_nodes n on n.id = c.node_id
      where c.node_id = ${nodeId} order by c.chunk_index`.execute(database.db);
    expect(rows.map((row) => row.text)).toEqual(expected);
  });

  it('search shows the fragment holding the word; vault context and provenance quote the right text', async () => {
    const found = await notes.searchNotes({ q: 'pizza', limit: 10, offset: 0 });
    expect(found.items[0]).toMatchObject({
      heading_path: '# Plans 🗓/## Food',
      snippet: 'Pizza 🍕 for everyone, and cake.',
    });
    const vault = new VaultRepository(database, DEFAULT_ACCOUNT_ID);
    const matching = await vault.matchingFragments(['cake'], 5);
    expect(matching.map((f) => f.text)).toEqual(['Pizza 🍕 for everyone, and cake.']);
    // A keyword in the headings only still picks the fragments under them.
    expect((await vault.matchingFragments(['plans'], 5)).map((f) => f.text)).toEqual(expected.slice(1));
    const picked = await vault.fragmentsOfNotes([nodeId], 2);
    expect(picked.map((f) => f.text)).toEqual(expected.slice(0, 2));

    const chunkId = matching[0]?.chunkId;
    await new ProvenanceRepository(database, DEFAULT_ACCOUNT_ID).linkDraft(
      7,
      [{ node_id: nodeId, chunk_id: chunkId }],
      NOW,
    );
    const link = await database.db.selectFrom('provenance_links').select('snippet').executeTakeFirst();
    expect(link?.snippet).toBe('Pizza 🍕 for everyone, and cake.');
  });
});

describe('convertOffsets', () => {
  it('counts a surrogate pair as one character and maps both ways', () => {
    const text = 'a🎉b\uD83Dc';
    // UTF-16: a=0, 🎉=1-2, b=3, lone=4, c=5; characters: a=0, 🎉=1, b=2, lone=3, c=4.
    expect(convertOffsets(text, [0, 1, 3, 4, 5, 6], 'utf16')).toEqual([0, 1, 2, 3, 4, 5]);
    expect(convertOffsets(text, [5, 2, 0], 'characters')).toEqual([6, 3, 0]);
    expect(convertOffsets('plain', [3, 1], 'characters')).toEqual([3, 1]);
  });
});
