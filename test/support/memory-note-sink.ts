// A NoteSink in memory for source-runner tests: live notes by path, what went, the problems, the cursor,
// and a log of every call in order.
import type { NoteFile, NoteSink, UpsertOutcome } from '../../src/core/ports/note-sink.js';

export class MemoryNoteSink implements NoteSink {
  readonly notes = new Map<string, string>();
  readonly gonePaths = new Set<string>();
  readonly problems = new Map<string, string>();
  readonly calls: string[] = [];
  syncs = 0;
  private stored: string | null = null;

  async upsert(file: NoteFile): Promise<UpsertOutcome> {
    const before = this.notes.get(file.relativePath);
    this.calls.push(`upsert ${file.relativePath}`);
    this.notes.set(file.relativePath, file.text);
    this.gonePaths.delete(file.relativePath);
    this.problems.delete(file.relativePath);
    return before === undefined ? 'inserted' : before === file.text ? 'skipped' : 'updated';
  }

  async upsertMany(files: readonly NoteFile[]): Promise<UpsertOutcome[]> {
    const outcomes: UpsertOutcome[] = [];
    for (const file of files) outcomes.push(await this.upsert(file));
    return outcomes;
  }

  async gone(relativePath: string): Promise<void> {
    this.calls.push(`gone ${relativePath}`);
    if (this.notes.delete(relativePath)) this.gonePaths.add(relativePath);
    this.problems.delete(relativePath);
  }

  async reconcile(present: ReadonlySet<string>): Promise<number> {
    this.calls.push(`reconcile ${present.size}`);
    let count = 0;
    for (const path of [...this.notes.keys()]) {
      if (present.has(path)) continue;
      this.notes.delete(path);
      this.gonePaths.add(path);
      count++;
    }
    return count;
  }

  async problem(relativePath: string, message: string): Promise<void> {
    this.calls.push(`problem ${relativePath || '(source)'}`);
    this.problems.set(relativePath, message);
  }

  async synced(state: { cursor?: string | null }): Promise<void> {
    this.calls.push(`synced ${state.cursor ?? ''}`);
    this.syncs++;
    if (state.cursor !== undefined) this.stored = state.cursor;
    this.problems.delete('');
  }

  async cursor(): Promise<string | null> {
    return this.stored;
  }

  /** The live notes as a plain object, sorted by path. */
  snapshot(): Record<string, string> {
    return Object.fromEntries([...this.notes].sort(([a], [b]) => a.localeCompare(b)));
  }
}
