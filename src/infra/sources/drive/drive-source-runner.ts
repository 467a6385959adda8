// A cloud drive folder (or the whole drive) as a note source. The first pass of a process lists every file
// in scope, reads the matching ones and reconciles the rest away, remembering the change cursor; later
// polls read the change feed from that cursor (edited → upsert, removed, trashed or moved out → gone; a
// renamed or moved folder relists the tree). Failures are the source's problem, never the event loop's:
// reported, then retried with back-off. Google Docs are exported as text and named `<title>.txt`.
import picomatch from 'picomatch';
import { AppError, isAppError } from '../../../core/errors.js';
import type { NoteSink, SourceRunner } from '../../../core/ports/note-sink.js';
import type { ChangePage, DriveApi, DriveChange, DriveItem } from './drive-api.js';
import { statusOf } from './drive-errors.js';
import type { Lifetime } from './drive-http.js';
import { DriveTree, disambiguate, isNoteCandidate, noteNameOf, type Placement } from './drive-tree.js';

/** Files larger than this are a problem of their path, not a note (as for local folders). */
export const MAX_DRIVE_NOTE_BYTES = 16 * 1024 * 1024;
/** Longest wait between attempts while a source keeps failing. */
const MAX_BACKOFF_MS = 3_600_000;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface DriveRunnerOptions {
  api: DriveApi;
  sink: NoteSink;
  /** The folder to index; undefined = the whole drive. */
  folderId?: string;
  patterns: readonly string[];
  pollIntervalSeconds: number;
  /** Poll for changes after the first pass (`change_detection = "none"`: the first pass only). */
  poll: boolean;
  logger: { warn(obj: object, msg: string): void };
  timers?: Timers;
  lifetime?: Lifetime;
  maxBytes?: number;
}

export interface DriveSourceRunner extends SourceRunner {
  /** A poll now, as when the timer fires (the first pass while none has succeeded). */
  poll(): Promise<void>;
  /** Resolves once no pass is running or queued. */
  idle(): Promise<void>;
}

interface Known {
  path: string;
  stamp: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A failure that belongs to one file (it stays a problem of that path; the pass goes on). */
function isFileProblem(error: unknown): boolean {
  if (!isAppError(error)) return false;
  if (error.code === 'not_found' || error.code === 'social_forbidden') return true;
  return error.code === 'social_api_error' && !error.retryable;
}

/** The stored cursor no longer works (too old, or from another drive): start over with a full pass. */
function isStaleCursor(error: unknown): boolean {
  const status = statusOf(error);
  return status === 400 || status === 404 || status === 410;
}

export function createDriveRunner(options: DriveRunnerOptions): DriveSourceRunner {
  const { api, sink } = options;
  const timers = options.timers ?? systemTimers;
  const intervalMs = options.pollIntervalSeconds * 1000;
  const maxBytes = options.maxBytes ?? MAX_DRIVE_NOTE_BYTES;
  const matches = picomatch([...options.patterns], { dot: false });
  const tree = new DriveTree({ folderId: options.folderId });

  let notes = new Map<string, Known>();
  let byPath = new Map<string, string>();
  let cursor: string | null = null;
  /** A full pass succeeded in this process: the index is built and polls read changes. */
  let listed = false;
  let started = false;
  let timer: unknown;
  let failures = 0;
  let chain: Promise<void> = Promise.resolve();

  function enqueue(work: () => Promise<void>): Promise<void> {
    const run = chain.then(work);
    chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  function schedule(ms: number): void {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      timer = undefined;
      void enqueue(tick);
    }, ms);
  }

  async function report(error: unknown): Promise<void> {
    const message = messageOf(error);
    options.logger.warn({ err: error, folder: options.folderId ?? 'root' }, `cloud drive source: ${message}`);
    try {
      await sink.problem('', message);
    } catch (sinkError) {
      options.logger.warn({ err: sinkError }, 'cloud drive source: could not record a problem');
    }
  }

  function backoffMs(error: unknown): number {
    const grown = Math.min(intervalMs * 2 ** (failures - 1), Math.max(intervalMs, MAX_BACKOFF_MS));
    const asked = isAppError(error) && error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : 0;
    return Math.max(grown, asked);
  }

  /** One scheduled run: a pass, its problem if it failed, and the next run. Never throws. */
  async function tick(): Promise<void> {
    if (!started) return;
    let next = intervalMs;
    try {
      await (listed ? pollChanges() : fullPass());
      failures = 0;
    } catch (error) {
      if (!started) return;
      failures += 1;
      next = backoffMs(error);
      await report(error);
    }
    if (started && (options.poll || !listed)) schedule(next);
  }

  async function readNote(item: DriveItem, path: string): Promise<void> {
    const tooLarge = `larger than ${Math.round(maxBytes / 1024 / 1024)} MiB; not ingested`;
    if (item.size !== null && item.size > maxBytes) return sink.problem(path, tooLarge);
    let bytes: Buffer;
    try {
      bytes = await api.content(item);
    } catch (error) {
      if (!isFileProblem(error)) throw error;
      return sink.problem(path, messageOf(error));
    }
    if (bytes.length > maxBytes) return sink.problem(path, tooLarge);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return sink.problem(path, 'not UTF-8 text; not ingested');
    }
    await sink.upsert({ relativePath: path, text });
  }

  async function scopeItems(): Promise<DriveItem[]> {
    tree.scope.rootId ??= (await api.item('root')).id;
    const folderId = options.folderId;
    if (folderId === undefined) return api.everything();
    let top: DriveItem;
    try {
      top = await api.item(folderId);
    } catch (error) {
      if (isAppError(error) && error.code === 'not_found') {
        throw new AppError(
          'not_found',
          `cloud drive: folder_id ${folderId} was not found, or is not shared with this account`,
          { cause: error },
        );
      }
      throw error;
    }
    if (!tree.isFolder(top))
      throw new AppError('validation_error', `cloud drive: folder_id ${folderId} is a file, not a folder`);
    if (top.trashed) throw new AppError('not_found', `cloud drive: folder ${top.name} is in the trash`);
    const items: DriveItem[] = [];
    const queue = [folderId];
    const visited = new Set(queue);
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      for (const child of await api.children(id)) {
        items.push(child);
        if (tree.isFolder(child) && !visited.has(child.id)) {
          visited.add(child.id);
          queue.push(child.id);
        }
      }
    }
    return items;
  }

  /** Lists the scope and makes the notes match it: reads all (`all`) or the new, edited and moved ones. */
  async function relist(mode: 'all' | 'changed'): Promise<void> {
    const items = await scopeItems();
    tree.clear();
    for (const item of items) if (tree.isFolder(item)) tree.setFolder(item);
    const nextNotes = new Map<string, Known>();
    const nextPaths = new Map<string, string>();
    const toRead: Array<[DriveItem, string]> = [];
    for (const item of items) {
      if (tree.isFolder(item) || item.trashed || !isNoteCandidate(item)) continue;
      const placed = tree.place(item.parents[0], true);
      if (!('dir' in placed)) continue;
      const name = noteNameOf(item);
      if (!matches(name)) continue;
      let path = [...placed.dir, name].join('/');
      if (nextPaths.has(path)) path = disambiguate(path, item.id);
      nextPaths.set(path, item.id);
      nextNotes.set(item.id, { path, stamp: item.stamp });
      const old = notes.get(item.id);
      if (mode === 'all' || !old || old.stamp !== item.stamp || old.path !== path) toRead.push([item, path]);
    }
    for (const [item, path] of toRead) await readNote(item, path);
    notes = nextNotes;
    byPath = nextPaths;
    await sink.reconcile(new Set(nextPaths.keys()));
  }

  async function fullPass(): Promise<void> {
    // The cursor is taken before listing: whatever changes meanwhile is in the feed after it.
    const token = await api.startPageToken();
    await relist('all');
    cursor = token;
    listed = true;
    await sink.synced({ cursor: token });
  }

  /** Follows parents through folders we have not seen yet (created or moved in since the listing). */
  async function placeOf(parent: string | undefined): Promise<Placement> {
    for (let fetched = 0; fetched < 50; fetched++) {
      const placed = tree.place(parent, false);
      if (!('unknown' in placed)) return placed;
      try {
        const folder = await api.item(placed.unknown);
        if (!tree.isFolder(folder)) return { outside: true };
        tree.setFolder(folder);
      } catch (error) {
        if (!isAppError(error) || error.code !== 'not_found') throw error;
        return tree.place(parent, true);
      }
    }
    return tree.place(parent, true);
  }

  async function forget(fileId: string): Promise<void> {
    const old = notes.get(fileId);
    if (!old) return;
    notes.delete(fileId);
    if (byPath.get(old.path) === fileId) byPath.delete(old.path);
    await sink.gone(old.path);
  }

  async function applyFile(change: DriveChange): Promise<void> {
    const item = change.file;
    if (change.removed || !item || item.trashed || !isNoteCandidate(item)) return forget(change.fileId);
    const placed = await placeOf(item.parents[0]);
    const name = noteNameOf(item);
    if (!('dir' in placed) || !matches(name)) return forget(item.id);
    let path = [...placed.dir, name].join('/');
    const holder = byPath.get(path);
    if (holder !== undefined && holder !== item.id) path = disambiguate(path, item.id);
    const old = notes.get(item.id);
    if (old && old.path === path && old.stamp === item.stamp) return;
    if (old && old.path !== path) await forget(item.id);
    await readNote(item, path);
    notes.set(item.id, { path, stamp: item.stamp });
    byPath.set(path, item.id);
  }

  const isFolderChange = (change: DriveChange) =>
    change.file ? tree.isFolder(change.file) : tree.knows(change.fileId);

  /** Applies a page's folder changes to the tree; true when paths under the scope may have moved. */
  function applyFolders(changes: DriveChange[]): boolean {
    let moved = false;
    for (const change of changes) {
      const known = tree.folder(change.fileId);
      const item = change.file;
      if (change.removed || !item || item.trashed) {
        if (known) moved = true;
        tree.forget(change.fileId);
        continue;
      }
      tree.setFolder(item);
      if (known && (known.name !== item.name || known.parent !== item.parents[0] || known.trashed))
        moved = true;
      // A folder arriving inside the scope may bring files the feed does not list (moved in, restored).
      if (!known && tree.contains(item.parents[0])) moved = true;
    }
    return moved;
  }

  async function pollChanges(): Promise<void> {
    let token = cursor ?? (await sink.cursor());
    if (!token) return fullPass();
    let relistNeeded = false;
    for (;;) {
      let page: ChangePage;
      try {
        page = await api.changes(token);
      } catch (error) {
        if (isStaleCursor(error)) return fullPass();
        throw error;
      }
      const folders = page.changes.filter(isFolderChange);
      if (applyFolders(folders)) relistNeeded = true;
      if (!relistNeeded) {
        for (const change of page.changes) if (!folders.includes(change)) await applyFile(change);
      }
      if (page.newStartPageToken) {
        token = page.newStartPageToken;
        break;
      }
      if (!page.nextPageToken || page.nextPageToken === token) {
        throw new AppError(
          'social_api_error',
          'cloud drive: the change feed ended a page without a next token',
          {
            retryable: false,
          },
        );
      }
      token = page.nextPageToken;
    }
    if (relistNeeded) await relist('changed');
    cursor = token;
    await sink.synced({ cursor: token });
  }

  return {
    async start() {
      if (started) return;
      started = true;
      failures = 0;
      options.lifetime?.renew();
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      options.lifetime?.end();
      await chain;
    },
    rescan() {
      return enqueue(async () => {
        try {
          await fullPass();
        } catch (error) {
          await report(error);
          throw error;
        }
      });
    },
    poll() {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      return enqueue(tick);
    },
    idle: () => chain,
  };
}
