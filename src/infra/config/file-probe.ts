// The file probe of the config rules: what kind of thing a path is (a stat, and a database's first bytes).
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { FileKind, FileProbe } from '../../core/domain/storage-rules.js';

const SQLITE_HEADER = 'SQLite format 3\0';

export const fileProbe: FileProbe = {
  kind(path): FileKind {
    let size: number;
    try {
      const stat = statSync(path);
      if (stat.isDirectory()) return 'directory';
      if (!stat.isFile()) return 'other';
      size = stat.size;
    } catch {
      return 'missing';
    }
    // An empty file is one SQLite makes a database of.
    if (size === 0) return 'database';
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const fd = openSync(path, 'r');
    try {
      readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
    return head.toString('latin1') === SQLITE_HEADER ? 'database' : 'other';
  },
};
