// Where a drive file sits as a note: its path of folder names under the source's scope (a folder, or the
// whole drive), its file name last, joined with `/`. Drive names may hold `/` and repeat within a folder,
// paths may not: a `/` becomes `_`, and a second file with a taken path gets its id before the extension.
// Google Docs are exported as plain text and named `<title>.txt`, so `*.txt` patterns pick them up.
import { DOC_MIME, type DriveItem, FOLDER_MIME } from './drive-api.js';

export interface Scope {
  /** The folder whose contents are the source; undefined = the whole drive. */
  folderId?: string;
  /** The drive's root folder ("My Drive"), where a whole-drive path starts. */
  rootId?: string;
}

interface Folder {
  name: string;
  parent: string | undefined;
  trashed: boolean;
}

/** Where a parent chain leads: a path under the scope, outside it, or to a folder we do not know yet. */
export type Placement = { dir: string[] } | { outside: true } | { unknown: string };

/** A name safe as one path segment. */
export function segmentOf(name: string): string {
  const safe = [...name.replace(/[/\\]/g, '_')].filter((ch) => ch.charCodeAt(0) >= 0x20).join('');
  if (safe === '' || safe === '.' || safe === '..') return `_${safe}`;
  return safe;
}

/** Could this item be a note? Folders and Google types other than Docs (Sheets, Slides…) cannot. */
export function isNoteCandidate(item: DriveItem): boolean {
  if (item.mimeType === DOC_MIME) return true;
  return !item.mimeType.startsWith('application/vnd.google-apps.');
}

/** The note's file name: the drive name, made a safe segment; a Google Doc gets `.txt`. */
export function noteNameOf(item: DriveItem): string {
  const name = segmentOf(item.name);
  return item.mimeType === DOC_MIME && !/\.txt$/i.test(name) ? `${name}.txt` : name;
}

/** `notes/idea.md` taken by another file → `notes/idea (<id>).md`. */
export function disambiguate(path: string, id: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? `${path.slice(0, dot)} (${id})${path.slice(dot)}` : `${path} (${id})`;
}

export class DriveTree {
  private readonly folders = new Map<string, Folder>();

  constructor(readonly scope: Scope) {}

  isFolder(item: DriveItem): boolean {
    return item.mimeType === FOLDER_MIME;
  }

  knows(folderId: string): boolean {
    return this.folders.has(folderId);
  }

  /** What we know of a folder (name, parent, trashed), to tell whether a change moved or renamed it. */
  folder(folderId: string): Readonly<Folder> | undefined {
    return this.folders.get(folderId);
  }

  setFolder(item: DriveItem): void {
    this.folders.set(item.id, { name: item.name, parent: item.parents[0], trashed: item.trashed });
  }

  forget(folderId: string): void {
    this.folders.delete(folderId);
  }

  clear(): void {
    this.folders.clear();
  }

  /**
   * Follows the parent chain from `parentId` up to the scope. Whole drive: the root, a file without
   * parents and (when `unknownIsTop`) a folder we cannot see all start a path at the top.
   */
  place(parentId: string | undefined, unknownIsTop: boolean): Placement {
    const { folderId, rootId } = this.scope;
    const dir: string[] = [];
    const seen = new Set<string>();
    let id = parentId;
    for (;;) {
      if (folderId !== undefined) {
        if (id === folderId) return { dir };
        if (id === undefined || id === rootId) return { outside: true };
      } else if (id === undefined || id === rootId) return { dir };
      if (seen.has(id)) return { outside: true };
      seen.add(id);
      const folder = this.folders.get(id);
      if (!folder) {
        if (!unknownIsTop) return { unknown: id };
        return folderId === undefined ? { dir } : { outside: true };
      }
      if (folder.trashed) return { outside: true };
      dir.unshift(segmentOf(folder.name));
      id = folder.parent;
    }
  }

  /** Is this folder (by its parent) inside the scope, as far as we know? */
  contains(folderParent: string | undefined): boolean {
    return 'dir' in this.place(folderParent, true);
  }
}
