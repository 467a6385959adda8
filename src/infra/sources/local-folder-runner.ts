// A local folder as a note source: a full scan at start, a recursive watch (chokidar, debounced per path)
// when `watch` is on, and a periodic rescan as the fallback for whatever a watcher misses. Files are
// matched by name against `file_patterns`; dot-folders (.git, .obsidian, .trash) are not walked; a symlink
// is followed only while its target stays inside the folder and out of dot-folders; the data dir is never
// walked. A file that cannot be a note (not UTF-8, too large, unreadable) is a problem of that path, and
// the rest keeps ingesting.
import type { Dirent } from 'node:fs';
import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import picomatch from 'picomatch';
import { hasDotSegment } from '../../core/domain/note-files.js';
import type { NoteFile, NoteSink, SourceRunner, UpsertOutcome } from '../../core/ports/note-sink.js';
import type { HintOutcome } from '../../core/ports/source-control.js';

/** Notes larger than this are refused with a problem (their text would not fit a useful prompt anyway). */
export const MAX_NOTE_BYTES = 16 * 1024 * 1024;

export interface LocalFolderOptions {
  /** The folder, `~` already expanded. */
  root: string;
  patterns: readonly string[];
  /** Watch for changes (chokidar); off means scans only. */
  watch: boolean;
  /** Rescan period (ms); 0 = none after the first scan. */
  rescanMs: number;
  sink: NoteSink;
  logger: { warn(obj: object, msg: string): void };
  /** Why the folder may not be read now (asked before every scan and hint), or undefined. */
  refuse?: () => string | undefined;
  /** Folders never walked into, even when they lie inside this one (the data dir). */
  exclude?: readonly string[];
  debounceMs?: number;
  maxBytes?: number;
}

/** Files read concurrently and stored in one transaction during a scan. */
const BATCH = 64;

const DOT_FILES = 'dot-files and dot-folders are not notes';
const toSlash = (path: string) => path.split(sep).join('/');
const utf8 = new TextDecoder('utf-8', { fatal: true });

function isInside(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

export interface LocalFolderRunner extends SourceRunner {
  /** Ingests these paths now (the ingest API's file hints); a path outside the folder is refused. */
  ingestPaths(relativePaths: readonly string[]): Promise<HintOutcome[]>;
}

export function createLocalFolderRunner(options: LocalFolderOptions): LocalFolderRunner {
  const { root, sink } = options;
  const matches = picomatch([...options.patterns], { dot: false });
  const debounceMs = options.debounceMs ?? 300;
  const excluded = (real: string) => (options.exclude ?? []).some((folder) => isInside(real, folder));
  /** Why a real path inside the folder is no note: a dot-file, in a dot-folder or in an excluded folder. */
  const hiddenReason = (real: string) =>
    hasDotSegment(toSlash(relative(realRoot, real)))
      ? DOT_FILES
      : excluded(real)
        ? "inside the service's data directory; not a note"
        : undefined;
  const hidden = (real: string) => hiddenReason(real) !== undefined;
  const maxBytes = options.maxBytes ?? MAX_NOTE_BYTES;
  // What this process last read per path: an unchanged size and mtime is not read again on a rescan.
  const seen = new Map<string, { size: number; mtimeMs: number }>();
  let realRoot = root;
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  const pending = new Map<string, NodeJS.Timeout>();
  let running = false;
  // One thing at a time: a scan and watcher events never interleave their writes.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  type Read =
    | { kind: 'unchanged' }
    | { kind: 'file'; file: NoteFile; size: number; mtimeMs: number }
    | { kind: 'refused'; error: string }
    | { kind: 'missing' };

  /** Reads one file (unless its size and mtime say it is unchanged), or says why it cannot be a note. */
  async function readNote(absolute: string, relativePath: string, force: boolean): Promise<Read> {
    try {
      const info = await stat(absolute);
      if (!info.isFile()) return { kind: 'refused', error: 'not a regular file' };
      const before = seen.get(relativePath);
      if (!force && before && before.size === info.size && before.mtimeMs === info.mtimeMs) {
        return { kind: 'unchanged' };
      }
      if (info.size > maxBytes) {
        const mb = (info.size / 1024 / 1024).toFixed(1);
        return {
          kind: 'refused',
          error: `note is ${mb} MB; notes over ${maxBytes / 1024 / 1024} MB are not ingested`,
        };
      }
      const bytes = await readFile(absolute);
      try {
        const text = utf8.decode(bytes);
        if (text.includes('\u0000')) throw new Error('NUL byte');
        return { kind: 'file', file: { relativePath, text }, size: info.size, mtimeMs: info.mtimeMs };
      } catch {
        return { kind: 'refused', error: 'not UTF-8 text (a binary file?); not ingested' };
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { kind: 'missing' };
      return { kind: 'refused', error: `cannot read the file (${code ?? (error as Error).message})` };
    }
  }

  type Batch = ReadonlyArray<readonly [relativePath: string, absolute: string]>;
  const readBatch = (batch: Batch, force: boolean) =>
    Promise.all(batch.map(([path, absolute]) => readNote(absolute, path, force)));

  /**
   * Reports a batch of reads: the notes as one store transaction, then each refusal or disappearance on
   * its own path. Answers each path's outcome or error, in order.
   */
  async function storeBatch(
    batch: Batch,
    reads: readonly Read[],
  ): Promise<Array<{ outcome?: UpsertOutcome; error?: string }>> {
    const files = reads.flatMap((read) => (read.kind === 'file' ? [read.file] : []));
    const stored = files.length > 0 ? await sink.upsertMany(files) : [];
    let next = 0;
    const results: Array<{ outcome?: UpsertOutcome; error?: string }> = [];
    for (const [i, read] of reads.entries()) {
      const relativePath = batch[i]?.[0] ?? '';
      if (read.kind === 'unchanged') results.push({ outcome: 'skipped' });
      else if (read.kind === 'file') {
        seen.set(relativePath, { size: read.size, mtimeMs: read.mtimeMs });
        results.push({ outcome: stored[next++] ?? 'skipped' });
      } else if (read.kind === 'missing') {
        seen.delete(relativePath);
        await sink.gone(relativePath);
        results.push({ error: 'no such file' });
      } else {
        seen.delete(relativePath);
        await sink.problem(relativePath, read.error);
        results.push({ error: read.error });
      }
    }
    return results;
  }

  const ingestBatch = async (batch: Batch, force: boolean) =>
    storeBatch(batch, await readBatch(batch, force));

  const ingestFile = async (absolute: string, relativePath: string, force = false) =>
    (await ingestBatch([[relativePath, absolute]], force))[0] ?? {};

  /** The note files of the folder, relative paths with `/`; symlinks leaving the folder are skipped. */
  async function listNotes(): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const visited = new Set<string>();
    async function walk(dir: string): Promise<void> {
      const real = await realpath(dir).catch(() => undefined);
      if (!real || !isInside(real, realRoot) || visited.has(real) || excluded(real)) return;
      visited.add(real);
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (dir === root) throw error;
        await sink.problem(
          toSlash(relative(root, dir)),
          `cannot read the folder (${(error as NodeJS.ErrnoException).code})`,
        );
        return;
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const absolute = join(dir, entry.name);
        let isDir = entry.isDirectory();
        let isFile = entry.isFile();
        if (entry.isSymbolicLink()) {
          const target = await realpath(absolute).catch(() => undefined);
          if (!target || !isInside(target, realRoot) || hidden(target)) continue;
          const info = await stat(target).catch(() => undefined);
          isDir = info?.isDirectory() ?? false;
          isFile = info?.isFile() ?? false;
        }
        if (isDir) await walk(absolute);
        else if (isFile && matches(entry.name)) found.set(toSlash(relative(root, absolute)), absolute);
      }
    }
    await walk(root);
    return found;
  }

  async function scan(force = false): Promise<void> {
    try {
      const info = await lstat(root);
      if (!info.isDirectory() && !info.isSymbolicLink())
        throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
      realRoot = await realpath(root);
      const refused = options.refuse?.();
      if (refused) {
        await sink.problem('', refused);
        return;
      }
      const files = await listNotes();
      // The next batch is read while this one is stored: the disk and the database overlap.
      const all = [...files];
      const batchAt = (i: number) => all.slice(i, i + BATCH);
      let reading = readBatch(batchAt(0), force);
      for (let i = 0; i < all.length; i += BATCH) {
        const reads = await reading;
        if (i + BATCH < all.length) reading = readBatch(batchAt(i + BATCH), force);
        await storeBatch(batchAt(i), reads);
      }
      for (const path of seen.keys()) if (!files.has(path)) seen.delete(path);
      await sink.reconcile(new Set(files.keys()));
      await sink.synced({});
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOENT'
          ? 'does not exist'
          : code === 'EACCES'
            ? 'cannot be read (permission denied)'
            : `cannot be read (${code ?? (error as Error).message})`;
      // Nothing is marked gone: a folder that is briefly unmounted must not empty the notes.
      await sink.problem('', `the folder ${root} ${why}`);
    }
  }

  function onEvent(absolute: string): void {
    const relativePath = toSlash(relative(root, absolute));
    if (relativePath.startsWith('..') || relativePath.split('/').some((part) => part.startsWith('.'))) return;
    if (!matches(relativePath.split('/').at(-1) ?? '')) return;
    clearTimeout(pending.get(relativePath));
    const wait = setTimeout(() => {
      pending.delete(relativePath);
      if (!running) return;
      void serial(async () => {
        const real = await realpath(absolute).catch(() => undefined);
        if (real !== undefined && (!isInside(real, realRoot) || hidden(real))) return;
        await ingestFile(absolute, relativePath);
      }).catch((error: unknown) =>
        options.logger.warn({ err: error, path: relativePath }, 'note event failed'),
      );
    }, debounceMs);
    wait.unref?.();
    pending.set(relativePath, wait);
  }

  /** Starts watching; resolves once the watch is ready (at most 10 s). */
  function startWatch(): Promise<void> {
    const started = watch(root, {
      ignoreInitial: true,
      followSymlinks: false,
      ignored: (path) => path !== root && path.split(sep).at(-1)?.startsWith('.') === true,
    });
    watcher = started;
    started.on('add', onEvent).on('change', onEvent).on('unlink', onEvent);
    // A removed or renamed folder: a rescan settles which notes are gone.
    started.on('unlinkDir', () => void serial(() => scan()));
    started.on('error', (error) => options.logger.warn({ err: error, root }, 'folder watch error'));
    return new Promise<void>((resolve) => {
      const give = setTimeout(resolve, 10_000);
      started.once('ready', () => {
        clearTimeout(give);
        resolve();
      });
    });
  }

  return {
    async start() {
      running = true;
      await serial(() => scan());
      // Watched after the first scan (crawling the folder twice at once only slows both down); what
      // changed while the watch was getting ready is picked up by a scan that reads only changed files.
      if (options.watch && running) {
        await startWatch();
        await serial(() => scan());
      }
      if (options.rescanMs > 0) {
        timer = setInterval(() => {
          if (running) void serial(() => scan());
        }, options.rescanMs);
        timer.unref?.();
      }
    },
    async stop() {
      running = false;
      if (timer) clearInterval(timer);
      for (const wait of pending.values()) clearTimeout(wait);
      pending.clear();
      await watcher?.close();
      watcher = undefined;
      await queue;
    },
    rescan: (rescanOptions) => serial(() => scan(rescanOptions?.force === true)),
    ingestPaths: (relativePaths) =>
      serial(async () => {
        realRoot = await realpath(root).catch(() => root);
        const results: HintOutcome[] = [];
        const refused = options.refuse?.();
        if (refused) return relativePaths.map((relativePath) => ({ relativePath, error: refused }));
        for (const relativePath of relativePaths) {
          const absolute = join(root, relativePath);
          const real = await realpath(absolute).catch(() => undefined);
          if (
            relativePath.includes('\0') ||
            relativePath.split(/[\\/]/).includes('..') ||
            !isInside(absolute, root) ||
            (real !== undefined && !isInside(real, realRoot))
          ) {
            results.push({ relativePath, error: 'outside the source folder' });
            continue;
          }
          const slashed = toSlash(relative(root, absolute));
          const why = hasDotSegment(slashed)
            ? DOT_FILES
            : real === undefined
              ? undefined
              : hiddenReason(real);
          if (why) {
            results.push({ relativePath, error: why });
            continue;
          }
          if (!matches(slashed.split('/').at(-1) ?? '')) {
            const patterns = options.patterns.join(', ');
            results.push({
              relativePath,
              error: `not a note file of this source (file_patterns: ${patterns})`,
            });
            continue;
          }
          if (real === undefined) {
            results.push({ relativePath, error: 'no such file' });
            continue;
          }
          const result = await ingestFile(real, slashed, true);
          results.push({ relativePath, ...result });
        }
        return results;
      }),
  };
}
