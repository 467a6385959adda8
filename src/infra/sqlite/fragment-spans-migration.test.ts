// Migration 0009 on a database written before it: fragments stored as copies of their text become spans
// of the note's body that read back the same text, keeping their ids (seeds and provenance point at them),
// CRLF bodies become LF with the full-text index still in step, and emoji count as SQLite counts them.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { chunkMarkdown } from '../../core/domain/chunk-markdown.js';
import { packagePath } from '../package-root.js';
import { applyMigrations } from './migrate.js';
import { FRAGMENT_TEXT } from './repositories/fragment-spans.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'app-composer-spans-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const shipped = packagePath('migrations');
const copy = (upTo: number) => {
  for (const name of readdirSync(shipped)) {
    if (Number(name.slice(0, 4)) <= upTo) copyFileSync(join(shipped, name), join(dir, name));
  }
};

it('turns stored fragment texts into spans of the body that read back the same text', () => {
  copy(8);
  const sqlite = new BetterSqlite3(':memory:');
  sqlite.pragma('foreign_keys = ON');
  applyMigrations(sqlite, dir);
  sqlite.prepare("insert into sources (id, source_type, source_key) values (1, 'local_fs', 'vault')").run();
  const bodies = {
    'crlf.md': '# Launch 🚀\r\nShip it on 🗓 Friday.\r\n\r\n## After\r\nWrite the changelog.\r\n',
    'plain.md': 'Intro\n# Why\nBecause. Because.\n## Again\nBecause.\n',
  };
  const insertNode = sqlite.prepare(
    "insert into content_nodes (source_id, relative_path, content_hash, title, body_text) values (1, ?, 'h', ?, ?)",
  );
  // The chunker of the time stored each fragment's text, with LF line ends, as chunkMarkdown's text is.
  const insertChunk = sqlite.prepare(
    'insert into content_chunks (node_id, heading_path, chunk_text, chunk_hash, chunk_index) values (?, ?, ?, ?, ?)',
  );
  const expected: Array<{ id: number; text: string }> = [];
  for (const [path, body] of Object.entries(bodies)) {
    const nodeId = Number(insertNode.run(path, path, body).lastInsertRowid);
    chunkMarkdown(body).forEach((fragment, index) => {
      const id = Number(
        insertChunk.run(nodeId, fragment.headingPath, fragment.text, `hash-${index}`, index).lastInsertRowid,
      );
      expected.push({ id, text: fragment.text });
    });
  }
  const seeded = expected[1]?.id;
  sqlite
    .prepare("insert into draft_seeds (node_id, chunk_id, seed_text) values (1, ?, 'a hook')")
    .run(seeded);
  sqlite
    .prepare(
      "insert into provenance_links (entity_type, entity_id, node_id, chunk_id) values ('draft', '7', 1, ?)",
    )
    .run(seeded);

  copy(9);
  expect(applyMigrations(sqlite, dir).applied).toEqual(['0009_fragment_spans.sql']);

  const read = sqlite
    .prepare(
      `select c.id, ${FRAGMENT_TEXT} as text from content_chunks c join content_nodes n on n.id = c.node_id
       order by c.id`,
    )
    .all();
  expect(read).toEqual(expected);
  expect(read.map((row) => (row as { text: string }).text)).toContain('Ship it on 🗓 Friday.');
  const body = sqlite.prepare("select body_text from content_nodes where relative_path = 'crlf.md'").pluck();
  expect(body.get()).toBe(bodies['crlf.md'].replaceAll('\r\n', '\n'));
  expect(sqlite.prepare('select chunk_id from draft_seeds').pluck().get()).toBe(seeded);
  expect(sqlite.prepare('select chunk_id from provenance_links').pluck().get()).toBe(seeded);
  // The full-text index follows the rewritten bodies (it raises on a mismatch).
  sqlite.prepare("insert into content_nodes_fts (content_nodes_fts) values ('integrity-check')").run();
  expect(
    sqlite
      .prepare("select rowid from content_nodes_fts where content_nodes_fts match 'changelog'")
      .pluck()
      .all(),
  ).toEqual([1]);
  expect(sqlite.pragma('foreign_key_check')).toEqual([]);
  sqlite.close();
});
