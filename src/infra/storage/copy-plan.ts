// What copying a SQLite database into Postgres must know of its tables, read from SQLite itself: each
// ordinary table's columns with their kind, the key its rows are read in, and the tables its foreign keys
// point at, in an order where every table comes after the ones it references. The schema's foreign keys
// are not DEFERRABLE (Postgres checks each at the end of every statement), so that order is what lets one
// transaction insert everything; a table that references itself is moved in one statement (copy-to-postgres.ts).
// FTS5 tables and their shadow tables are not copied: Postgres searches the base tables' own text
// (docs/deployment.md), and `schema_migrations` is each store's own record of its own files.
import type { Database } from 'better-sqlite3';
import { AppError } from '../../core/errors.js';
import type { ColumnKind } from './row-checksum.js';

export interface ColumnPlan {
  name: string;
  kind: ColumnKind;
}

export interface TablePlan {
  name: string;
  columns: ColumnPlan[];
  /** The columns rows are read in order of: the primary key, or every column when there is none. */
  orderBy: ColumnPlan[];
  /** Other tables this one's foreign keys point at. */
  references: string[];
  selfReferencing: boolean;
}

const KINDS: Record<string, ColumnKind> = {
  INTEGER: 'integer',
  INT: 'integer',
  REAL: 'real',
  TEXT: 'text',
  BLOB: 'blob',
};

/** Tables that are never copied, whatever the schema holds. */
export const NOT_COPIED = new Set(['schema_migrations']);

/** The ordinary tables of `sqlite` (virtual, shadow and internal ones left out), in foreign-key order. */
export function sqliteTablePlan(sqlite: Database): TablePlan[] {
  const names = sqlite
    .prepare(
      "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  const tables = names
    .filter((name) => !NOT_COPIED.has(name))
    .map((name): TablePlan => {
      const info = sqlite.pragma(`table_info("${name}")`) as {
        name: string;
        type: string;
        pk: number;
      }[];
      const columns = info.map((column): ColumnPlan => {
        const kind = KINDS[column.type.toUpperCase()];
        if (!kind) {
          throw new AppError(
            'db_error',
            `column ${name}.${column.name} has type '${column.type}', which has no Postgres twin`,
            { retryable: false },
          );
        }
        return { name: column.name, kind };
      });
      const key = info
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => columns.find((c) => c.name === column.name) as ColumnPlan);
      const targets = new Set(
        (sqlite.pragma(`foreign_key_list("${name}")`) as { table: string }[]).map((fk) => fk.table),
      );
      return {
        name,
        columns,
        orderBy: key.length > 0 ? key : columns,
        references: [...targets].filter((target) => target !== name).sort(),
        selfReferencing: targets.has(name),
      };
    });
  return foreignKeyOrder(tables);
}

/**
 * The tables ordered so each comes after every table it references (ties by name, so the order is stable).
 * References to tables outside the list are ignored; a cycle between tables cannot be inserted with
 * constraints that are checked per statement, and is refused.
 */
export function foreignKeyOrder<T extends { name: string; references: readonly string[] }>(
  tables: readonly T[],
): T[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const waitingOn = new Map(
    tables.map((table) => [
      table.name,
      new Set(table.references.filter((r) => r !== table.name && byName.has(r))),
    ]),
  );
  const ordered: T[] = [];
  while (waitingOn.size > 0) {
    const ready = [...waitingOn].filter(([, refs]) => refs.size === 0).map(([name]) => name);
    if (ready.length === 0) {
      throw new AppError(
        'db_error',
        `the foreign keys of ${[...waitingOn.keys()].sort().join(', ')} form a cycle: no table can be copied first`,
        { retryable: false },
      );
    }
    for (const name of ready.sort()) {
      ordered.push(byName.get(name) as T);
      waitingOn.delete(name);
      for (const refs of waitingOn.values()) refs.delete(name);
    }
  }
  return ordered;
}
