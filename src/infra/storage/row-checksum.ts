// One table's rows as a checksum both stores can be held to: SHA-256 over the rows in primary-key order,
// each value written in a canonical form by its column's kind, whatever driver read it (better-sqlite3 gives
// INTEGER as bigint, node-postgres gives BIGINT as a decimal string; both give REAL as a number, BLOB as a
// Buffer). Every value is tagged and delimited, so NULL, '' and 'NULL' differ and no two rows run together.
import { createHash, type Hash } from 'node:crypto';

/** A column's storage class, the same in both stores: INTEGER/BIGINT, REAL/DOUBLE PRECISION, TEXT, BLOB/BYTEA. */
export type ColumnKind = 'integer' | 'real' | 'text' | 'blob';

/** The canonical text of one value: `N`, `I<decimal>;`, `R<shortest round-trip>;`, `T<bytes>:<text>`, `B<hex>;`. */
export function canonicalValue(kind: ColumnKind, value: unknown): string {
  if (value === null || value === undefined) return 'N';
  switch (kind) {
    case 'integer':
      if (typeof value === 'bigint') return `I${value};`;
      if (typeof value === 'number' && Number.isInteger(value)) return `I${value};`;
      if (typeof value === 'string' && /^-?\d+$/.test(value)) return `I${BigInt(value)};`;
      break;
    case 'real':
      // JavaScript's number-to-text is the shortest text that reads back as the same double.
      if (typeof value === 'number') return `R${Object.is(value, -0) ? '-0' : String(value)};`;
      if (typeof value === 'bigint') return `R${String(Number(value))};`;
      break;
    case 'text':
      if (typeof value === 'string') return `T${Buffer.byteLength(value)}:${value}`;
      break;
    case 'blob':
      if (Buffer.isBuffer(value)) return `B${value.toString('hex')};`;
      break;
  }
  throw new TypeError(`a ${typeof value} where a ${kind} value belongs`);
}

export class RowChecksum {
  #hash: Hash = createHash('sha256');
  #rows = 0;

  constructor(private readonly kinds: readonly ColumnKind[]) {}

  add(row: readonly unknown[]): void {
    let line = '';
    this.kinds.forEach((kind, i) => {
      line += canonicalValue(kind, row[i]);
    });
    this.#hash.update(`${line}\n`);
    this.#rows++;
  }

  get rows(): number {
    return this.#rows;
  }

  /** The hex digest; call once, after the last row. */
  digest(): string {
    return this.#hash.digest('hex');
  }
}
