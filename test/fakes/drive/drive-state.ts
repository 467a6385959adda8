// The fake drive's files and its change log, as Drive v3 keeps them: files and folders with parents, a
// trash, Google Docs (exported, not downloaded), a version per file and a numbered change per edit. Tests
// change the drive through these methods; the routes read it.

export const FOLDER_MIME = 'application/vnd.google-apps.folder';
export const DOC_MIME = 'application/vnd.google-apps.document';
export const ROOT_ID = '0AFakeRootFolderUk9PVA';

export interface FakeFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  trashed: boolean;
  /** Bytes for ordinary files; a Google Doc's text (what export returns). */
  content: Buffer;
  createdTime: string;
  modifiedTime: string;
  version: number;
}

export interface ChangeEntry {
  seq: number;
  fileId: string;
  time: string;
}

export interface AddOptions {
  /** Parent folder id (default: the root, "My Drive"). */
  parent?: string;
  mimeType?: string;
}

export class DriveState {
  readonly rootId = ROOT_ID;
  readonly files = new Map<string, FakeFile>();
  readonly changes: ChangeEntry[] = [];
  private nextSeq = 1;
  private nextId = 1;

  constructor(private readonly now: () => number) {}

  /** The token `changes/startPageToken` answers: changes from here on. */
  get startPageToken(): string {
    return String(this.nextSeq);
  }

  addFolder(name: string, parent: string = ROOT_ID): string {
    return this.add(name, Buffer.alloc(0), { parent, mimeType: FOLDER_MIME });
  }

  addFile(name: string, content: string | Buffer, options: AddOptions = {}): string {
    return this.add(name, typeof content === 'string' ? Buffer.from(content, 'utf8') : content, {
      mimeType: options.mimeType ?? (name.endsWith('.md') ? 'text/markdown' : 'text/plain'),
      parent: options.parent,
    });
  }

  /** A Google Doc: no binary content; `export?mimeType=text/plain` answers `text`. */
  addDoc(name: string, text: string, parent?: string): string {
    return this.add(name, Buffer.from(text, 'utf8'), { parent, mimeType: DOC_MIME });
  }

  edit(id: string, content: string | Buffer): void {
    const file = this.must(id);
    file.content = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    this.touch(file);
  }

  rename(id: string, name: string): void {
    const file = this.must(id);
    file.name = name;
    this.touch(file);
  }

  move(id: string, parent: string): void {
    const file = this.must(id);
    file.parents = [parent];
    this.touch(file);
  }

  /** In the trash; a folder takes its contents with it (each of them reported as changed, as Drive does). */
  trash(id: string): void {
    const file = this.must(id);
    file.trashed = true;
    this.touch(file);
    for (const inside of this.descendants(id)) this.log(inside.id);
  }

  untrash(id: string): void {
    const file = this.must(id);
    file.trashed = false;
    this.touch(file);
    for (const inside of this.descendants(id)) this.log(inside.id);
  }

  /** Trashed itself or inside a trashed folder (what the API reports as `trashed`). */
  isTrashed(file: FakeFile): boolean {
    if (file.trashed) return true;
    const seen = new Set<string>();
    let parent = this.files.get(file.parents[0] ?? '');
    while (parent && !seen.has(parent.id)) {
      if (parent.trashed) return true;
      seen.add(parent.id);
      parent = this.files.get(parent.parents[0] ?? '');
    }
    return false;
  }

  /** Deleted for good (a folder with its contents): the changes feed reports `removed`, and it answers 404. */
  remove(id: string): void {
    this.must(id);
    const inside = this.descendants(id);
    this.files.delete(id);
    this.log(id);
    for (const file of inside) {
      this.files.delete(file.id);
      this.log(file.id);
    }
  }

  private descendants(id: string): FakeFile[] {
    return [...this.files.values()].filter((file) => file.id !== id && this.isInside(file.id, id));
  }

  /** A file by id (`root` is the root folder's alias). */
  find(id: string): FakeFile | undefined {
    return this.files.get(id === 'root' ? ROOT_ID : id);
  }

  /** Follows parents up to the root: is `id` inside `folder` (at any depth)? */
  isInside(id: string, folder: string): boolean {
    const seen = new Set<string>();
    let current = this.files.get(id);
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      if (current.parents.includes(folder)) return true;
      current = this.files.get(current.parents[0] ?? '');
    }
    return false;
  }

  private add(name: string, content: Buffer, options: { parent?: string; mimeType: string }): string {
    const parent = options.parent ?? ROOT_ID;
    if (parent !== ROOT_ID && this.files.get(parent)?.mimeType !== FOLDER_MIME)
      throw new Error(`fake drive: parent ${parent} is not a folder`);
    const id = `1F${String(this.nextId++).padStart(4, '0')}fakeDriveId`;
    const time = new Date(this.now()).toISOString();
    const file: FakeFile = {
      id,
      name,
      mimeType: options.mimeType,
      parents: [parent],
      trashed: false,
      content,
      createdTime: time,
      modifiedTime: time,
      version: 1,
    };
    this.files.set(id, file);
    this.log(id);
    return id;
  }

  private must(id: string): FakeFile {
    const file = this.files.get(id);
    if (!file) throw new Error(`fake drive: no file ${id}`);
    return file;
  }

  private touch(file: FakeFile): void {
    file.version += 1;
    file.modifiedTime = new Date(this.now()).toISOString();
    this.log(file.id);
  }

  private log(fileId: string): void {
    this.changes.push({ seq: this.nextSeq++, fileId, time: new Date(this.now()).toISOString() });
  }
}
