// Loop-back writes only into Markdown notes: never into a file a broad pattern matched (a shell profile,
// a .txt note), never into a dot-file or a file inside a dot-folder, also when a note is a symlink to one.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.js';
import type { PublishedEntry } from './loop-back-entry.js';
import { recordMetrics } from './record-metrics.js';
import { recordPublished } from './record-published.js';

const ENTRY: PublishedEntry = {
  tweet_id: '1900000000000000001',
  url: 'https://x.com/i/status/1900000000000000001',
  published_at: '2025-03-04T05:06:07Z',
  type: 'tweet',
  status: 'posted',
};
const PROFILE = 'export PATH="$HOME/bin:$PATH"\n';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'loop-back-targets-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function refused(path: string): Promise<AppError> {
  const error = await recordPublished(path, ENTRY, { sourceRoot: root }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('loop-back targets', () => {
  it('never writes into a file that is not a Markdown note (a shell profile, a .txt note)', async () => {
    await writeFile(join(root, 'profile'), PROFILE);
    await writeFile(join(root, 'ideas.txt'), 'plain idea\n');
    expect((await refused('profile')).details).toMatchObject({ reason: 'not_markdown' });
    expect((await refused('ideas.txt')).message).toMatch(/only Markdown notes \(\.md, \.markdown\)/);
    expect(await readFile(join(root, 'profile'), 'utf8')).toBe(PROFILE);
    expect(await readFile(join(root, 'ideas.txt'), 'utf8')).toBe('plain idea\n');
    const metrics = { impressions: 1, likes: 1, performance_score: 1, synced_at: '2025-03-04T05:06:07Z' };
    const error = await recordMetrics('profile', '1', metrics, { sourceRoot: root }).catch((e) => e);
    expect(error.details).toMatchObject({ reason: 'not_markdown' });
    expect(await readFile(join(root, 'profile'), 'utf8')).toBe(PROFILE);
  });

  it('never writes into dot-files or files inside dot-folders', async () => {
    await writeFile(join(root, '.profile.md'), PROFILE);
    await mkdir(join(root, '.obsidian'));
    await writeFile(join(root, '.obsidian', 'note.md'), 'x\n');
    expect((await refused('.profile.md')).details).toMatchObject({ reason: 'dot_file' });
    expect((await refused('.obsidian/note.md')).details).toMatchObject({ reason: 'dot_file' });
    expect(await readFile(join(root, '.profile.md'), 'utf8')).toBe(PROFILE);
    expect(await readFile(join(root, '.obsidian', 'note.md'), 'utf8')).toBe('x\n');
  });

  it('judges a symlinked note by its target: a note.md linking to .profile or to a .txt is refused', async () => {
    await writeFile(join(root, '.profile'), PROFILE);
    await writeFile(join(root, 'plain.txt'), 'plain\n');
    await symlink(join(root, '.profile'), join(root, 'note.md'));
    await symlink(join(root, 'plain.txt'), join(root, 'other.md'));
    expect((await refused('note.md')).details).toMatchObject({ reason: 'dot_file' });
    expect((await refused('other.md')).details).toMatchObject({ reason: 'not_markdown' });
    expect(await readFile(join(root, '.profile'), 'utf8')).toBe(PROFILE);
    expect(await readFile(join(root, 'plain.txt'), 'utf8')).toBe('plain\n');
  });

  it('writes into .md and .markdown notes, whatever the case of the extension', async () => {
    for (const name of ['a.md', 'b.markdown', 'C.MD']) {
      await writeFile(join(root, name), 'body\n');
      await recordPublished(name, ENTRY, { sourceRoot: root });
      expect(await readFile(join(root, name), 'utf8')).toContain('tweet_id: "1900000000000000001"');
    }
  });
});
