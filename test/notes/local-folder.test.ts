// A local folder as a note source, on real files in a temp dir and each store (SQLite, Postgres): the first scan, the
// watcher (create, edit, rename, delete), 1,000 files with 10 edited, and bad input (binary, too large,
// invalid front-matter, a symlink out, a missing folder) as problems of their own while the rest ingests.
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import type { SourceRunner } from '../../src/core/ports/note-sink.js';
import { createNoteSink } from '../../src/core/services/sources/note-sink.js';
import { createLocalFolderRunner } from '../../src/infra/sources/local-folder-runner.js';
import { fragmentText } from '../../src/infra/sqlite/repositories/fragment-spans.js';
import { NoteRepository } from '../../src/infra/sqlite/repositories/note-repository.js';
import type { Store } from '../../src/infra/storage/store.js';
import { STORES, testStores } from '../support/stores.js';

let dir: string;
let outside: string;
let database: Store;
let notes: NoteRepository;
let runner: SourceRunner | undefined;
// wall clock: note timestamps only; the watcher and its debounce run in real time
const clock = { now: () => new Date() };
const logger = { warn() {} };

describe.each(STORES)('local folder source (%s)', (dialect) => {
  const stores = testStores(dialect);
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'notes-'));
    outside = mkdtempSync(join(tmpdir(), 'outside-'));
    database = await stores.open();
    notes = new NoteRepository(database, DEFAULT_ACCOUNT_ID);
  });
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  async function start(options: { watch?: boolean; root?: string; maxBytes?: number } = {}) {
    const source = await notes.ensureSource(
      { source_type: 'local_fs', source_key: `local_fs:${dir}`, config: {} },
      clock.now(),
    );
    runner = createLocalFolderRunner({
      root: options.root ?? dir,
      patterns: ['*.md', '*.txt'],
      watch: options.watch ?? false,
      rescanMs: 0,
      sink: createNoteSink({ notes, clock }, source.id),
      logger,
      debounceMs: 50,
      ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
    });
    return { sourceId: source.id, runner };
  }

  const live = async () =>
    (
      await sql<{ relative_path: string }>`select relative_path from content_nodes where gone_at is null
      order by relative_path`.execute(database.db)
    ).rows.map((r) => r.relative_path);
  const node = async (path: string) =>
    (
      await sql<{
        id: number;
        title: string | null;
        tags: string | null;
        body_text: string;
        gone_at: string | null;
        status: string;
      }>`select * from content_nodes where relative_path = ${path}`.execute(database.db)
    ).rows[0];
  const hashes = async () =>
    (
      await sql<{ relative_path: string; content_hash: string }>`select relative_path, content_hash
      from content_nodes`.execute(database.db)
    ).rows;
  const chunks = async (path: string) =>
    (
      await sql<{ heading_path: string; chunk_text: string }>`select heading_path,
        ${fragmentText(database.dialect)} as chunk_text
      from content_chunks c join content_nodes n on n.id = c.node_id
      where n.relative_path = ${path} and c.status = 'active' order by chunk_index`.execute(database.db)
    ).rows;

  async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 5000): Promise<T> {
    // wall clock: a deadline for the wait
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      // wall clock: a deadline for the wait
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('the first scan stores notes with front-matter, tags and fragments; other files and dot-folders are skipped', async () => {
    mkdirSync(join(dir, 'projects/deep'), { recursive: true });
    mkdirSync(join(dir, '.obsidian'));
    writeFileSync(
      join(dir, 'a.md'),
      '---\ntitle: Shipping\ntags: [release, notes]\n---\nIntro\n# Why\nBecause.\n## How\nSmall.\n',
    );
    writeFileSync(join(dir, 'projects/deep/b.txt'), 'plain text note');
    writeFileSync(join(dir, 'image.png'), 'not a note');
    writeFileSync(join(dir, '.obsidian/workspace.md'), 'config');
    await (await start()).runner.start();
    expect(await live()).toEqual(['a.md', 'projects/deep/b.txt']);
    expect(await node('a.md')).toMatchObject({ title: 'Shipping', tags: 'release,notes', status: 'pending' });
    expect(await chunks('a.md')).toEqual([
      { heading_path: '', chunk_text: 'Intro' },
      { heading_path: '# Why', chunk_text: 'Because.' },
      { heading_path: '# Why/## How', chunk_text: 'Small.' },
    ]);
    expect((await node('projects/deep/b.txt'))?.title).toBe('b');
  });

  it('the watcher follows create, edit, rename and delete', async () => {
    writeFileSync(join(dir, 'first.md'), 'one');
    await (await start({ watch: true })).runner.start();
    writeFileSync(join(dir, 'second.md'), '# Two\ntext');
    await until('the new note', async () => ((await node('second.md')) ? true : undefined));
    writeFileSync(join(dir, 'first.md'), '# One\nedited');
    await until('the edit', async () =>
      (await node('first.md'))?.body_text.includes('edited') ? true : undefined,
    );
    expect(await chunks('first.md')).toEqual([{ heading_path: '# One', chunk_text: 'edited' }]);
    renameSync(join(dir, 'second.md'), join(dir, 'renamed.md'));
    await until('the rename', async () =>
      (await node('renamed.md')) && (await node('second.md'))?.gone_at ? true : undefined,
    );
    unlinkSync(join(dir, 'first.md'));
    await until('the delete', async () => ((await node('first.md'))?.gone_at ? true : undefined));
    expect(await live()).toEqual(['renamed.md']);
  });

  it('1,000 notes with 10 edited: a rescan updates exactly those 10', async () => {
    for (let i = 0; i < 1000; i++) writeFileSync(join(dir, `n${i}.md`), `# Note ${i}\nbody ${i}`);
    const { runner: r } = await start();
    await r.start();
    expect(await live()).toHaveLength(1000);
    const before = new Map((await hashes()).map((row) => [row.relative_path, row.content_hash]));
    for (let i = 0; i < 10; i++) writeFileSync(join(dir, `n${i * 97}.md`), `# Note ${i * 97}\nedited`);
    await r.rescan();
    const after = await hashes();
    const changed = after
      .filter((row) => before.get(row.relative_path) !== row.content_hash)
      .map((row) => row.relative_path);
    expect(changed.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `n${i * 97}.md`).sort());
  });

  it('bad files are problems of their own path; the rest ingests and nothing stored is lost', async () => {
    writeFileSync(join(dir, 'good.md'), 'fine');
    writeFileSync(join(dir, 'binary.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe]));
    writeFileSync(join(dir, 'latin1.txt'), Buffer.from('caf\xe9', 'latin1'));
    writeFileSync(join(dir, 'huge.md'), Buffer.alloc(50 * 1024 * 1024, 'a'));
    writeFileSync(join(dir, 'yaml.md'), '---\ntitle: [unclosed\n---\nbody survives');
    writeFileSync(join(outside, 'secret.md'), 'private');
    symlinkSync(join(outside, 'secret.md'), join(dir, 'link.md'));
    symlinkSync(outside, join(dir, 'linked-folder'));
    const { sourceId, runner: r } = await start();
    await r.start();
    expect(await live()).toEqual(['good.md', 'yaml.md']);
    expect(await node('yaml.md')).toMatchObject({ body_text: 'body survives', title: 'yaml' });
    const problems = (await notes.problems(sourceId)).map((p) => [p.relative_path, p.message]);
    expect(problems).toEqual([
      ['binary.md', expect.stringContaining('not UTF-8')],
      ['huge.md', expect.stringContaining('50.0 MB')],
      ['latin1.txt', expect.stringContaining('not UTF-8')],
      ['yaml.md', expect.stringContaining('front-matter is not valid YAML')],
    ]);
    // Fixing a file clears its problem.
    writeFileSync(join(dir, 'yaml.md'), '---\ntitle: Fixed\n---\nbody survives');
    await r.rescan();
    expect((await notes.problems(sourceId)).map((p) => p.relative_path)).not.toContain('yaml.md');
    expect((await node('yaml.md'))?.title).toBe('Fixed');
  });

  it('a missing folder is a problem of the source; notes already stored stay until it is back', async () => {
    writeFileSync(join(dir, 'kept.md'), 'kept');
    const { sourceId, runner: r } = await start();
    await r.start();
    rmSync(dir, { recursive: true, force: true });
    await r.rescan();
    expect(await notes.source(sourceId)).toMatchObject({
      status: 'error',
      error_message: expect.stringContaining('does not exist'),
    });
    expect(await live()).toEqual(['kept.md']);
    mkdirSync(dir);
    writeFileSync(join(dir, 'kept.md'), 'kept');
    await r.rescan();
    expect(await notes.source(sourceId)).toMatchObject({ status: 'active', error_message: null });
    // A file in place of the folder.
    const asFile = join(outside, 'file-not-folder');
    writeFileSync(asFile, 'x');
    await runner?.stop();
    const other = await start({ root: asFile });
    await other.runner.start();
    expect((await notes.source(other.sourceId))?.error_message).toContain('cannot be read');
  });

  it('a file that goes bad and comes back unchanged clears its problem and keeps its note as it was', async () => {
    writeFileSync(join(dir, 'a.md'), '# A\nfirst');
    const { sourceId, runner: r } = await start();
    await r.start();
    const before = await node('a.md');
    writeFileSync(join(dir, 'a.md'), Buffer.from([0xff, 0xfe, 0x00]));
    await r.rescan();
    expect((await notes.problems(sourceId)).map((p) => p.relative_path)).toEqual(['a.md']);
    expect((await node('a.md'))?.body_text).toBe('# A\nfirst');
    writeFileSync(join(dir, 'a.md'), '# A\nfirst');
    await r.rescan();
    expect(await notes.problems(sourceId)).toEqual([]);
    // The same text: the note is the same row, not updated.
    expect(await node('a.md')).toEqual(before);
  });
});
