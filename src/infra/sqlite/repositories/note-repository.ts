// Notes on either store: sources, notes with their fragments (content_chunks: spans of the body, see
// fragment-spans.ts), problems per source and path, and seeds. One transaction per note; `atomically`
// makes a batch of saves one transaction, and every call inside it runs in that transaction (this
// repository finds it through an AsyncLocalStorage, so the callers pass nothing along). On SQLite the
// statements, written once with Kysely, run synchronously on the connection, each prepared once: an initial
// ingest is thousands of them, and Kysely's asynchronous round per statement made a save 1.5–3 times as
// slow. Transactions are Kysely's on both stores, so no other Kysely query runs inside one.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { NoteSourceType } from '../../../contracts/notes.js';
import type {
  NewSeed,
  NoteProblem,
  NoteStore,
  PendingNote,
  SourceRecord,
  StoredNote,
} from '../../../core/ports/note-store.js';
import { sqliteExecute } from '../../storage/sqlite-sync.js';
import type { Store } from '../../storage/store.js';
import type { DB } from '../db-types.js';
import { sqlLimit } from '../inline-limits.js';
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

type Db = Kysely<DB> | Transaction<DB>;

/** The transaction `atomically` (or a save) runs in, per store: calls inside it take it. */
const inTransaction = new AsyncLocalStorage<{ store: Store; trx: Transaction<DB> }>();

/** Rows of one insert: 9 parameters each, well under both stores' limit of bound parameters. */
const FRAGMENTS_PER_INSERT = 200;

const SOURCE_KEYS = ['status', 'error_message', 'last_synced_at', 'sync_cursor'] as const;

export class NoteRepository implements NoteStore {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  private get db(): Db {
    const current = inTransaction.getStore();
    return current?.store === this.database ? current.trx : this.database.db;
  }

  private get reader() {
    return { db: this.db, dialect: this.database.dialect };
  }

  /** Runs `query` in `db` (the store's or its transaction): its rows, and how many rows it changed. */
  private async run<T>(db: Db, query: RawBuilder<T>): Promise<{ rows: T[]; changes: number }> {
    const { database } = this;
    if (database.dialect === 'postgres') {
      const result = await query.execute(db);
      return { rows: result.rows, changes: Number(result.numAffectedRows ?? 0) };
    }
    // The one connection: inside a Kysely transaction these run in it.
    return sqliteExecute(database, query.compile(database.db));
  }

  /** `work` in a transaction: the one already running, else a new one. */
  private async transaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const current = inTransaction.getStore();
    if (current?.store === this.database) return work(current.trx);
    return this.database.db
      .transaction()
      .execute((trx) => inTransaction.run({ store: this.database, trx }, () => work(trx)));
  }

  private async sourceByKey(db: Db, key: string): Promise<SourceRow | undefined> {
    const { rows } = await this.run(
      db,
      sql<SourceRow>`select * from sources where account_id = ${this.accountId}
      and source_key = ${key}`,
    );
    return rows[0];
  }

  async ensureSource(
    input: { source_type: NoteSourceType; source_key: string; config: object },
    at: Date,
  ): Promise<SourceRecord> {
    const config = JSON.stringify(input.config);
    const stamp = toDbTimestamp(at);
    const { db } = this;
    const found = await this.sourceByKey(db, input.source_key);
    if (found) {
      if (found.config !== config)
        await this.run(
          db,
          sql`update sources set config = ${config}, updated_at = ${stamp} where id = ${found.id}`,
        );
      return toSource({ ...found, config });
    }
    await this.run(
      db,
      sql`insert into sources (account_id, source_type, source_key, config, created_at, updated_at)
      values (${this.accountId}, ${input.source_type}, ${input.source_key}, ${config}, ${stamp}, ${stamp})`,
    );
    return toSource((await this.sourceByKey(db, input.source_key)) as SourceRow);
  }

  async source(id: number): Promise<SourceRecord | undefined> {
    const { rows } = await this.run(
      this.db,
      sql<SourceRow>`select * from sources where account_id = ${this.accountId}
      and id = ${id}`,
    );
    return rows[0] ? toSource(rows[0]) : undefined;
  }

  async sources(): Promise<SourceRecord[]> {
    const { rows } = await this.run(
      this.db,
      sql<SourceRow>`select * from sources where account_id = ${this.accountId}
      order by id`,
    );
    return rows.map(toSource);
  }

  async setSourceState(
    id: number,
    changes: Partial<Pick<SourceRecord, 'status' | 'error_message' | 'last_synced_at' | 'sync_cursor'>>,
    at: Date,
  ): Promise<void> {
    const keys = SOURCE_KEYS.filter((key) => key in changes);
    if (keys.length === 0) return;
    const assignments = keys.map((key) => sql`${sql.ref(key)} = ${changes[key] ?? null}`);
    await this.run(
      this.db,
      sql`update sources set ${sql.join(assignments)}, updated_at = ${toDbTimestamp(at)}
      where account_id = ${this.accountId} and id = ${id}`,
    );
  }

  private async hashRow(db: Db, sourceId: number, relativePath: string) {
    const { rows } = await this.run(
      db,
      sql<{ id: number; hash: string; gone_at: string | null; problem: number }>`
      select n.id, n.content_hash as hash, n.gone_at,
        case when exists (select 1 from source_errors e where e.source_id = n.source_id
          and e.relative_path = n.relative_path) then 1 else 0 end as problem
      from content_nodes n where n.source_id = ${sourceId} and n.relative_path = ${relativePath}`,
    );
    return rows[0];
  }

  async noteHash(sourceId: number, relativePath: string) {
    const row = await this.hashRow(this.db, sourceId, relativePath);
    return row
      ? { id: row.id, hash: row.hash, gone: row.gone_at !== null, problem: row.problem === 1 }
      : undefined;
  }

  atomically<T>(work: () => Promise<T>): Promise<T> {
    return this.transaction(() => work());
  }

  saveNote(note: StoredNote, at: Date): Promise<{ id: number; outcome: 'inserted' | 'updated' }> {
    const stamp = toDbTimestamp(at);
    return this.transaction(async (db) => {
      const existing = await this.hashRow(db, note.sourceId, note.relativePath);
      const tags = note.tags.length ? note.tags.join(',') : null;
      let id: number;
      if (existing) {
        id = existing.id;
        await this.run(
          db,
          sql`update content_nodes set content_hash = ${note.hash}, title = ${note.title},
            body_text = ${note.body}, front_matter = ${note.frontMatter}, tags = ${tags}, status = 'pending',
            gone_at = null, updated_at = ${stamp}
          where id = ${id}`,
        );
        // Old fragments go stale first, then away: nothing reads half of one version and half of the other.
        await this.run(
          db,
          sql`update content_chunks set status = 'stale', updated_at = ${stamp}
          where node_id = ${id} and status = 'active'`,
        );
        await this.run(db, sql`delete from content_chunks where node_id = ${id} and status = 'stale'`);
      } else {
        const { rows } = await this.run(
          db,
          sql<{ id: number }>`insert into content_nodes (account_id, source_id,
            relative_path, content_hash, title, body_text, front_matter, tags, status, ingested_at, updated_at)
          values (${this.accountId}, ${note.sourceId}, ${note.relativePath}, ${note.hash}, ${note.title},
            ${note.body}, ${note.frontMatter}, ${tags}, 'pending', ${stamp}, ${stamp})
          returning id`,
        );
        id = Number(rows[0]?.id);
      }
      const offsets = convertOffsets(
        note.body,
        note.fragments.flatMap((fragment) => [fragment.start, fragment.end]),
        'utf16',
      );
      const rows = note.fragments.map((fragment, index) => ({
        account_id: this.accountId,
        node_id: id,
        heading_path: fragment.headingPath,
        chunk_start: offsets[2 * index] ?? 0,
        chunk_end: offsets[2 * index + 1] ?? 0,
        chunk_hash: fragment.hash,
        chunk_index: index,
        created_at: stamp,
        updated_at: stamp,
      }));
      // A note's fragments in a few statements: one per fragment was most of a save.
      for (let start = 0; start < rows.length; start += FRAGMENTS_PER_INSERT) {
        const values = rows
          .slice(start, start + FRAGMENTS_PER_INSERT)
          .map((row) => sql`(${sql.join(Object.values(row))})`);
        await this.run(
          db,
          sql`insert into content_chunks (account_id, node_id, heading_path, chunk_start, chunk_end, chunk_hash,
            chunk_index, created_at, updated_at) values ${sql.join(values)}`,
        );
      }
      return { id, outcome: existing ? ('updated' as const) : ('inserted' as const) };
    });
  }

  markGone(
    sourceId: number,
    paths: { only: readonly string[] } | { keep: ReadonlySet<string> },
    at: Date,
  ): Promise<number> {
    const stamp = toDbTimestamp(at);
    return this.transaction(async (db) => {
      const targets =
        'only' in paths
          ? paths.only
          : (
              await this.run(
                db,
                sql<{ relative_path: string }>`select relative_path from content_nodes
                where source_id = ${sourceId} and gone_at is null`,
              )
            ).rows
              .map((row) => row.relative_path)
              .filter((path) => !paths.keep.has(path));
      let marked = 0;
      for (const path of targets) {
        const result = await this.run(
          db,
          sql`update content_nodes set gone_at = ${stamp}, updated_at = ${stamp}
          where source_id = ${sourceId} and relative_path = ${path} and gone_at is null`,
        );
        marked += result.changes;
      }
      return marked;
    });
  }

  async recordProblem(sourceId: number, relativePath: string, message: string, at: Date): Promise<void> {
    await this.run(
      this.db,
      sql`insert into source_errors (account_id, source_id, relative_path, message, occurred_at)
      values (${this.accountId}, ${sourceId}, ${relativePath}, ${message}, ${toDbTimestamp(at)})
      on conflict (source_id, relative_path) do update set message = excluded.message,
        occurred_at = excluded.occurred_at`,
    );
  }

  async clearProblem(sourceId: number, relativePath: string): Promise<void> {
    await this.run(
      this.db,
      sql`delete from source_errors where source_id = ${sourceId} and relative_path = ${relativePath}`,
    );
  }

  async problems(sourceId: number): Promise<NoteProblem[]> {
    const { rows } = await this.run(
      this.db,
      sql<NoteProblem>`select relative_path, message, occurred_at from source_errors
      where source_id = ${sourceId} order by relative_path`,
    );
    return rows;
  }

  async counts(sourceId: number): Promise<{ notes: number; pending: number }> {
    const { rows } = await this.run(
      this.db,
      sql<{ notes: number; pending: number }>`select count(*) as notes,
        coalesce(sum(case when status = 'pending' then 1 else 0 end), 0) as pending
      from content_nodes where source_id = ${sourceId} and gone_at is null`,
    );
    return rows[0] ?? { notes: 0, pending: 0 };
  }

  async pendingNotes(limit: number): Promise<PendingNote[]> {
    const { rows } = await this.run(
      this.db,
      sql<PendingNote>`select id, title, relative_path as "relativePath",
        substr(body_text, 1, 2000) as body, updated_at as "updatedAt" from content_nodes
      where account_id = ${this.accountId} and status = 'pending' and gone_at is null
      order by updated_at, id limit ${sqlLimit(limit)}`,
    );
    return rows;
  }

  saveSeeds(
    note: Pick<PendingNote, 'id' | 'updatedAt'>,
    seeds: readonly NewSeed[],
    at: Date,
  ): Promise<boolean> {
    const stamp = toDbTimestamp(at);
    return this.transaction(async (db) => {
      // The note is claimed first: a note edited meanwhile, or seeded by another process, keeps no stale seeds.
      const claimed = await this.run(
        db,
        sql`update content_nodes set status = 'processed', updated_at = ${stamp}
        where id = ${note.id} and status = 'pending' and updated_at = ${note.updatedAt}`,
      );
      if (claimed.changes === 0) return false;
      for (const seed of seeds)
        await this.run(
          db,
          sql`insert into draft_seeds (account_id, node_id, seed_text, format_suggestion, created_at)
          values (${this.accountId}, ${note.id}, ${seed.text}, ${seed.format}, ${stamp})`,
        );
      return true;
    });
  }

  async markNote(nodeId: number, status: 'pending' | 'processed' | 'failed', at: Date): Promise<void> {
    await this.run(
      this.db,
      sql`update content_nodes set status = ${status}, updated_at = ${toDbTimestamp(at)}
      where id = ${nodeId}`,
    );
  }

  searchNotes(filter: { q?: string; sourceId?: number; limit: number; offset: number }) {
    return searchNotes(this.reader, this.accountId, filter);
  }

  note(id: number) {
    return noteDetail(this.reader, this.accountId, id);
  }
}
