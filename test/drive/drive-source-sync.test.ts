// The drive source against the fake drive: the first pass (recursive, paged, patterns, Google Docs), then
// polls through the change feed (edits, removals, trash, moves, renamed folders), whole-drive scope,
// clashing names and files that cannot be notes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOC_MIME } from '../fakes/drive/index.js';
import { type DriveHarness, startDriveHarness } from './drive-harness.js';

let h: DriveHarness;
let notes: string;
let drafts: string;
beforeEach(async () => {
  h = await startDriveHarness();
  const { state } = h.drive;
  notes = state.addFolder('Notes');
  drafts = state.addFolder('Drafts', notes);
  state.addFile('ideas.md', '# Ideas\nship small', { parent: notes });
  state.addFile('todo.txt', 'write the post', { parent: notes });
  state.addFile('thread.md', '---\ntitle: A thread\n---\nbody', { parent: drafts });
  state.addFile('deep.md', 'deeper', { parent: state.addFolder('Archive', drafts) });
  state.addFile('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), { parent: notes, mimeType: 'image/png' });
  state.addDoc('Launch plan', 'Plan: launch on Tuesday', notes);
  state.addFile('Budget', '', { parent: notes, mimeType: 'application/vnd.google-apps.spreadsheet' });
  state.trash(state.addFile('trashed.md', 'old', { parent: notes }));
  state.addFile('elsewhere.md', 'not in the folder');
});
afterEach(() => h.close());

describe('first pass', () => {
  it('reports every matching file under the folder by its folder path; Docs as <title>.txt; reconciles; stores the cursor', async () => {
    const { runner, sink } = h.source({ folder_id: notes });
    const cursorBefore = h.drive.state.startPageToken;
    await h.firstPass(runner);
    expect(sink.snapshot()).toEqual({
      'Drafts/Archive/deep.md': 'deeper',
      'Drafts/thread.md': '---\ntitle: A thread\n---\nbody',
      'ideas.md': '# Ideas\nship small',
      'Launch plan.txt': 'Plan: launch on Tuesday',
      'todo.txt': 'write the post',
    });
    expect(sink.calls.filter((c) => c.startsWith('reconcile'))).toEqual(['reconcile 5']);
    expect(await sink.cursor()).toBe(cursorBefore);
    expect(sink.problems.size).toBe(0);
    // Listings were paged (page size 2), and the next poll waits poll_interval_seconds.
    expect(h.drive.requests.some((r) => r.path === '/drive/v3/files' && r.query.pageToken)).toBe(true);
    expect(h.timers.delays()).toEqual([60_000]);
    await runner.stop();
    expect(h.timers.delays()).toEqual([]);
  });

  it('file_patterns match the file name: only *.md here (so the Doc, named .txt, is left out)', async () => {
    const { runner, sink } = h.source({ folder_id: notes, file_patterns: ['*.md'] });
    await h.firstPass(runner);
    expect(Object.keys(sink.snapshot())).toEqual(['Drafts/Archive/deep.md', 'Drafts/thread.md', 'ideas.md']);
    await runner.stop();
  });

  it('without folder_id indexes the whole drive from its root', async () => {
    const { runner, sink } = h.source({});
    await h.firstPass(runner);
    expect(Object.keys(sink.snapshot())).toEqual([
      'elsewhere.md',
      'Notes/Drafts/Archive/deep.md',
      'Notes/Drafts/thread.md',
      'Notes/ideas.md',
      'Notes/Launch plan.txt',
      'Notes/todo.txt',
    ]);
    await runner.stop();
  });

  it('a missing folder is a problem of the source, and the runner keeps trying', async () => {
    const { runner, sink } = h.source({ folder_id: 'no-such-folder' });
    await h.firstPass(runner);
    expect(sink.problems.get('')).toMatch(/folder_id no-such-folder was not found, or is not shared/);
    expect(h.timers.delays()).toEqual([60_000]);
    await runner.stop();
  });

  it('clashing names get the file id; slashes in names become _; non-UTF-8 and undownloadable files are problems of their path', async () => {
    const { state } = h.drive;
    const second = state.addFile('ideas.md', 'another file with the same name', { parent: notes });
    state.addFile('a/b.md', 'slash in the name', { parent: notes });
    state.addFile('binary.md', Buffer.from([0xff, 0xfe, 0x00, 0xd8]), { parent: notes });
    const locked = state.addFile('locked.md', 'no download', { parent: notes });
    h.drive.faults.inject({
      path: `/drive/v3/files/${locked}`,
      action: { type: 'status', status: 403, body: { error: { code: 403, message: 'cannotDownloadFile' } } },
    });
    const { runner, sink } = h.source({ folder_id: notes });
    await h.firstPass(runner);
    expect(sink.notes.get('ideas.md')).toBe('# Ideas\nship small');
    expect(sink.notes.get(`ideas (${second}).md`)).toBe('another file with the same name');
    expect(sink.notes.get('a_b.md')).toBe('slash in the name');
    expect(sink.problems.get('binary.md')).toBe('not UTF-8 text; not ingested');
    expect(sink.problems.get('locked.md')).toMatch(/403/);
    expect(sink.problems.has('')).toBe(false);
    await runner.stop();
  });
});

describe('polls through the change feed', () => {
  it('an edited file is read again, the others are not; removed, trashed and moved-out files are gone', async () => {
    const { state } = h.drive;
    const ideas = [...state.files.values()].find((f) => f.name === 'ideas.md')?.id as string;
    const todo = [...state.files.values()].find((f) => f.name === 'todo.txt')?.id as string;
    const thread = [...state.files.values()].find((f) => f.name === 'thread.md')?.id as string;
    const doc = [...state.files.values()].find((f) => f.mimeType === DOC_MIME)?.id as string;
    const { runner, sink } = h.source({ folder_id: notes });
    await h.firstPass(runner);
    state.edit(ideas, '# Ideas\nship smaller');
    state.edit(doc, 'Plan: launch on Wednesday');
    state.remove(todo);
    state.trash(thread);
    const deep = [...state.files.values()].find((f) => f.name === 'deep.md')?.id as string;
    state.move(deep, state.rootId);
    state.addFile('new.md', 'fresh', { parent: drafts });
    const from = h.drive.requests.length;
    await h.nextPoll(runner);
    expect(sink.snapshot()).toEqual({
      'Drafts/new.md': 'fresh',
      'ideas.md': '# Ideas\nship smaller',
      'Launch plan.txt': 'Plan: launch on Wednesday',
    });
    expect([...sink.gonePaths].sort()).toEqual(['Drafts/Archive/deep.md', 'Drafts/thread.md', 'todo.txt']);
    // Only the changed files were read, and the change feed came in pages of two.
    const reads = h.since(from).filter((r) => /\/files\/[^/]+(\/export)?$/.test(r));
    expect(reads).toHaveLength(3);
    expect(h.drive.requests.slice(from).filter((r) => r.path === '/drive/v3/changes').length).toBeGreaterThan(
      2,
    );
    expect(await sink.cursor()).toBe(state.startPageToken);
    expect(h.timers.delays()).toEqual([60_000]);
    // Nothing changed: one feed request, no reads.
    const quiet = h.drive.requests.length;
    await h.nextPoll(runner);
    expect(h.since(quiet)).toEqual(['GET /drive/v3/changes']);
    await runner.stop();
  });

  it('a renamed folder moves its notes; a file renamed or moved within the scope changes path', async () => {
    const { state } = h.drive;
    const { runner, sink } = h.source({ folder_id: notes });
    await h.firstPass(runner);
    state.rename(drafts, 'Published');
    const ideas = [...state.files.values()].find((f) => f.name === 'ideas.md')?.id as string;
    state.rename(ideas, 'ideas-2026.md');
    await h.nextPoll(runner);
    expect(Object.keys(sink.snapshot())).toEqual([
      'ideas-2026.md',
      'Launch plan.txt',
      'Published/Archive/deep.md',
      'Published/thread.md',
      'todo.txt',
    ]);
    expect(sink.gonePaths).toEqual(new Set(['Drafts/Archive/deep.md', 'Drafts/thread.md', 'ideas.md']));
    await runner.stop();
  });

  it('a folder moved into the scope brings its files; a trashed folder takes its notes with it', async () => {
    const { state } = h.drive;
    const outside = state.addFolder('Inbox');
    state.addFile('later.md', 'from the inbox', { parent: outside });
    const { runner, sink } = h.source({ folder_id: notes });
    await h.firstPass(runner);
    state.move(outside, notes);
    state.trash(drafts);
    await h.nextPoll(runner);
    expect(Object.keys(sink.snapshot())).toEqual([
      'ideas.md',
      'Inbox/later.md',
      'Launch plan.txt',
      'todo.txt',
    ]);
    expect(sink.gonePaths).toEqual(new Set(['Drafts/Archive/deep.md', 'Drafts/thread.md']));
    await runner.stop();
  });

  it('whole drive: a new file in a new folder is placed by its path from the root', async () => {
    const { state } = h.drive;
    const { runner, sink } = h.source({});
    await h.firstPass(runner);
    const journal = state.addFolder('Journal');
    state.addFile('day-1.md', 'first day', { parent: state.addFolder('2026', journal) });
    await h.nextPoll(runner);
    expect(sink.notes.get('Journal/2026/day-1.md')).toBe('first day');
    await runner.stop();
  });

  it('a cursor the drive no longer takes (400 on the feed) starts over with a full pass', async () => {
    const { runner, sink } = h.source({ folder_id: notes });
    await h.firstPass(runner);
    h.drive.faults.inject({
      path: '/drive/v3/changes',
      action: {
        type: 'status',
        status: 400,
        body: { error: { code: 400, message: 'Invalid Value', errors: [{ reason: 'invalid' }] } },
      },
    });
    const from = h.drive.requests.length;
    await h.nextPoll(runner);
    expect(sink.problems.size).toBe(0);
    expect(h.since(from)).toContain('GET /drive/v3/changes/startPageToken');
    expect(Object.keys(sink.snapshot())).toHaveLength(5);
    await runner.stop();
  });

  it('rescan reads every file again and reconciles', async () => {
    const { runner, sink } = h.source({ folder_id: notes });
    await h.firstPass(runner);
    sink.notes.set('stale.md', 'left over');
    const from = h.drive.requests.length;
    await runner.rescan();
    expect(sink.notes.has('stale.md')).toBe(false);
    expect(h.since(from).filter((r) => /\/files\/[^/]+(\/export)?$/.test(r)).length).toBeGreaterThanOrEqual(
      5,
    );
    await runner.stop();
  });
});
