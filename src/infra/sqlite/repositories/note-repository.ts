// Notes in SQLite: sources, notes with their fragments (content_chunks: spans of the body, see
// fragment-spans.ts), problems per source and path, and seeds. Synchronous prepared statements, one
// transaction per note: an initial ingest of thousands of notes is thousands of these.
import type { Database, Statement } from 'better-sqlite3';
import type { NoteSourceType } from '../../../contracts/notes.js';
import type {
  NewSeed,
  NoteProblem,
  NoteStore,
  PendingNote,
  SourceRecord,
  StoredNote,
} from '../../../core/ports/note-store.js';
import { preparedPerLimit } from '../inline-limits.js';
import type { AppDatabase } from '../open-database.js';
import { toDbTimestamp } from '../timestamps.js';
import { convertOffsets } from './fragment-spans.js';
import { noteDetail, searchNotes } from './note-queries.js';

interface SourceRow extends Omit<SourceRecord, 'config'> {
  config: string;
}

const toSource = (row: SourceRow): SourceRecord => ({
  ...row,
  config: JSON.parse(row.config) as Record<string, unknown>,
});

export class NoteRepository implements NoteStore {
  private readonly sqlite: Database;
  private readonly statements: Record<string, Statement>;
  /** The seed worker's read, its LIMIT in the SQL text (see inline-limits.ts). */
  private readonly pending: (limit: number) => Statement;
  private readonly saveInTransaction: (
    note: StoredNote,
    at: string,
  ) => { id: number; outcome: 'inserted' | 'updated' };

  constructor(
    database: AppDatabase,
    private readonly accountId: string,
  ) {
    const sqlite = database.sqlite;
    this.sqlite = sqlite;
    const prepare = (text: string) => sqlite.prepare(text);
    this.pending = preparedPerLimit(
      sqlite,
      (limit) =>
        `select id, title, relative_path as relativePath, substr(body_text, 1, 2000) as body, updated_at as updatedAt from content_nodes
         where account_id = ? and status = 'pending' and gone_at is null order by updated_at, id limit ${limit}`,
    );
    this.statements = {
      sourceByKey: prepare('select * from sources where account_id = ? and source_key = ?'),
      insertSource: prepare(
        `insert into sources (account_id, source_type, source_key, config, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?)`,
      ),
      updateSourceConfig: prepare('update sources set config = ?, updated_at = ? where id = ?'),
      sourceById: prepare('select * from sources where account_id = ? and id = ?'),
      allSources: prepare('select * from sources where account_id = ? order by id'),
      noteHash: prepare(
        `select n.id, n.content_hash as hash, n.gone_at,
           exists (select 1 from source_errors e where e.source_id = n.source_id
             and e.relative_path = n.relative_path) as problem
         from content_nodes n where n.source_id = ? and n.relative_path = ?`,
      ),
      insertNote: prepare(
        `insert into content_nodes (account_id, source_id, relative_path, content_hash, title, body_text,
           front_matter, tags, status, ingested_at, updated_at)
         values (@account_id, @source_id, @path, @hash, @title, @body, @front_matter, @tags, 'pending', @at, @at)`,
      ),
      updateNote: prepare(
        `update content_nodes set content_hash = @hash, title = @title, body_text = @body,
           front_matter = @front_matter, tags = @tags, status = 'pending', gone_at = null, updated_at = @at
         where id = @id`,
      ),
      staleChunks: prepare(
        "update content_chunks set status = 'stale', updated_at = ? where node_id = ? and status = 'active'",
      ),
      deleteStale: prepare("delete from content_chunks where node_id = ? and status = 'stale'"),
      insertChunk: prepare(
        `insert into content_chunks (account_id, node_id, heading_path, chunk_start, chunk_end, chunk_hash,
           chunk_index, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      gonePath: prepare(
        'update content_nodes set gone_at = ?, updated_at = ? where source_id = ? and relative_path = ? and gone_at is null',
      ),
      livePaths: prepare('select relative_path from content_nodes where source_id = ? and gone_at is null'),
      upsertProblem: prepare(
        `insert into source_errors (account_id, source_id, relative_path, message, occurred_at) values (?, ?, ?, ?, ?)
         on conflict (source_id, relative_path) do update set message = excluded.message, occurred_at = excluded.occurred_at`,
      ),
      clearProblem: prepare('delete from source_errors where source_id = ? and relative_path = ?'),
      problems: prepare(
        'select relative_path, message, occurred_at from source_errors where source_id = ? order by relative_path',
      ),
      counts: prepare(
        `select count(*) as notes, coalesce(sum(status = 'pending'), 0) as pending
         from content_nodes where source_id = ? and gone_at is null`,
      ),
      insertSeed: prepare(
        `insert into draft_seeds (account_id, node_id, seed_text, format_suggestion, created_at) values (?, ?, ?, ?, ?)`,
      ),
      markNote: prepare('update content_nodes set status = ?, updated_at = ? where id = ?'),
      claimSeeded: prepare(
        "update content_nodes set status = 'processed', updated_at = ? where id = ? and status = 'pending' and updated_at = ?",
      ),
    };
    this.saveInTransaction = sqlite.transaction((note: StoredNote, at: string) => {
      const existing = this.statements.noteHash?.get(note.sourceId, note.relativePath) as
        | { id: number }
        | undefined;
      const fields = {
        hash: note.hash,
        title: note.title,
        body: note.body,
        front_matter: note.frontMatter,
        tags: note.tags.length ? note.tags.join(',') : null,
        at,
      };
      let id: number;
      if (existing) {
        id = existing.id;
        this.run('updateNote', { ...fields, id });
        // Old fragments go stale first, then away: nothing reads half of one version and half of the other.
        this.run('staleChunks', at, id);
        this.run('deleteStale', id);
      } else {
        id = Number(
          this.run('insertNote', {
            ...fields,
            account_id: this.accountId,
            source_id: note.sourceId,
            path: note.relativePath,
          }).lastInsertRowid,
        );
      }
      const offsets = convertOffsets(
        note.body,
        note.fragments.flatMap((fragment) => [fragment.start, fragment.end]),
        'utf16',
      );
      note.fragments.forEach((fragment, index) => {
        this.run(
          'insertChunk',
          this.accountId,
          id,
          fragment.headingPath,
          offsets[2 * index],
          offsets[2 * index + 1],
          fragment.hash,
          index,
          at,
          at,
        );
      });
      return { id, outcome: existing ? ('updated' as const) : ('inserted' as const) };
    });
  }

  private run(name: string, ...args: unknown[]) {
    return (this.statements[name] as Statement).run(...args);
  }

  private get<T>(name: string, ...args: unknown[]): T | undefined {
    return (this.statements[name] as Statement).get(...args) as T | undefined;
  }

  private all<T>(name: string, ...args: unknown[]): T[] {
    return (this.statements[name] as Statement).all(...args) as T[];
  }

  ensureSource(
    input: { source_type: NoteSourceType; source_key: string; config: object },
    at: Date,
  ): SourceRecord {
    const config = JSON.stringify(input.config);
    const found = this.get<SourceRow>('sourceByKey', this.accountId, input.source_key);
    if (found) {
      if (found.config !== config) this.run('updateSourceConfig', config, toDbTimestamp(at), found.id);
      return toSource({ ...found, config });
    }
    const stamp = toDbTimestamp(at);
    this.run('insertSource', this.accountId, input.source_type, input.source_key, config, stamp, stamp);
    return toSource(this.get<SourceRow>('sourceByKey', this.accountId, input.source_key) as SourceRow);
  }

  source(id: number): SourceRecord | undefined {
    const row = this.get<SourceRow>('sourceById', this.accountId, id);
    return row ? toSource(row) : undefined;
  }

  sources(): SourceRecord[] {
    return this.all<SourceRow>('allSources', this.accountId).map(toSource);
  }

  setSourceState(
    id: number,
    changes: Partial<Pick<SourceRecord, 'status' | 'error_message' | 'last_synced_at' | 'sync_cursor'>>,
    at: Date,
  ): void {
    const keys = Object.keys(changes) as Array<keyof typeof changes>;
    if (keys.length === 0) return;
    const assignments = keys.map((key) => `${key} = @${key}`).join(', ');
    this.sqlite
      .prepare(
        `update sources set ${assignments}, updated_at = @updated_at where account_id = @account_id and id = @id`,
      )
      .run({ ...changes, updated_at: toDbTimestamp(at), account_id: this.accountId, id });
  }

  noteHash(sourceId: number, relativePath: string) {
    const row = this.get<{ id: number; hash: string; gone_at: string | null; problem: number }>(
      'noteHash',
      sourceId,
      relativePath,
    );
    return row
      ? { id: row.id, hash: row.hash, gone: row.gone_at !== null, problem: row.problem === 1 }
      : undefined;
  }

  atomically<T>(work: () => T): T {
    return this.sqlite.transaction(work)();
  }

  saveNote(note: StoredNote, at: Date) {
    return this.saveInTransaction(note, toDbTimestamp(at));
  }

  markGone(
    sourceId: number,
    paths: { only: readonly string[] } | { keep: ReadonlySet<string> },
    at: Date,
  ): number {
    const stamp = toDbTimestamp(at);
    const targets =
      'only' in paths
        ? paths.only
        : this.all<{ relative_path: string }>('livePaths', sourceId)
            .map((row) => row.relative_path)
            .filter((path) => !paths.keep.has(path));
    const mark = this.sqlite.transaction(() =>
      targets.reduce((n, path) => n + this.run('gonePath', stamp, stamp, sourceId, path).changes, 0),
    );
    return mark();
  }

  recordProblem(sourceId: number, relativePath: string, message: string, at: Date): void {
    this.run('upsertProblem', this.accountId, sourceId, relativePath, message, toDbTimestamp(at));
  }

  clearProblem(sourceId: number, relativePath: string): void {
    this.run('clearProblem', sourceId, relativePath);
  }

  problems(sourceId: number): NoteProblem[] {
    return this.all<NoteProblem>('problems', sourceId);
  }

  counts(sourceId: number): { notes: number; pending: number } {
    return this.get<{ notes: number; pending: number }>('counts', sourceId) ?? { notes: 0, pending: 0 };
  }

  pendingNotes(limit: number): PendingNote[] {
    return this.pending(limit).all(this.accountId) as PendingNote[];
  }

  saveSeeds(note: Pick<PendingNote, 'id' | 'updatedAt'>, seeds: readonly NewSeed[], at: Date): boolean {
    const stamp = toDbTimestamp(at);
    const save = this.sqlite.transaction(() => {
      // The note is claimed first: a note edited meanwhile, or seeded by another process, keeps no stale seeds.
      if (this.run('claimSeeded', stamp, note.id, note.updatedAt).changes === 0) return false;
      for (const seed of seeds)
        this.run('insertSeed', this.accountId, note.id, seed.text, seed.format, stamp);
      return true;
    });
    return save();
  }

  markNote(nodeId: number, status: 'pending' | 'processed' | 'failed', at: Date): void {
    this.run('markNote', status, toDbTimestamp(at), nodeId);
  }

  searchNotes(filter: { q?: string; sourceId?: number; limit: number; offset: number }) {
    return searchNotes(this.sqlite, this.accountId, filter);
  }

  note(id: number) {
    return noteDetail(this.sqlite, this.accountId, id);
  }
}
