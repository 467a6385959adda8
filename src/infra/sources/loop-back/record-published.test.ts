import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.js';
import type { PublishedEntry } from './loop-back-entry.js';
import { recordPublished } from './record-published.js';

const ENTRY: PublishedEntry = {
  tweet_id: '1900000000000000001',
  url: 'https://x.com/alice/status/1900000000000000001',
  published_at: '2025-03-04T05:06:07Z',
  type: 'thread',
  status: 'posted',
  thread_url: 'https://x.com/alice/status/1900000000000000001',
};
const ENTRY_LINES = [
  '  - tweet_id: "1900000000000000001"',
  '    url: https://x.com/alice/status/1900000000000000001',
  '    published_at: "2025-03-04T05:06:07Z"',
  '    type: thread',
  '    status: posted',
  '    thread_url: https://x.com/alice/status/1900000000000000001',
];
const entryText = (eol = '\n') => ENTRY_LINES.map((line) => line + eol).join('');

// A note with everything a careless rewrite would lose: comments, quoting styles, odd spacing, a date,
// flow collections, a body with a `---` line, trailing spaces.
const RICH_HEAD = [
  '---',
  '# written by hand',
  'title: \'A "quoted" title\'   # trailing comment',
  'date: 2024-01-02',
  'tags: [ one,  two ]',
  'nested:',
  '  key:    spaced   value',
  'app:',
  '  - tweet_id: "111"',
  '    url: https://x.com/i/status/111',
  "    published_at: '2024-01-01T00:00:00Z'",
  '    type: tweet',
  '    status: posted',
  '',
].join('\n');
const RICH_TAIL = [
  '  # a comment at the end of the list',
  'draft: false',
  '---',
  '# Body',
  '',
  'Some text with trailing spaces   ',
  '---',
  'not a fence',
  '',
].join('\n');

let root: string;
const past = new Date('2020-01-01T00:00:00Z');

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'loop-back-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function note(name: string, content: string | Buffer): Promise<string> {
  const path = join(root, name);
  await writeFile(path, content);
  // An old mtime, so any write, however fast, shows in the mtime.
  await utimes(path, past, past);
  return path;
}

async function expectUntouched(path: string, before: Buffer): Promise<void> {
  expect((await readFile(path)).equals(before)).toBe(true);
  expect((await stat(path)).mtime.getTime()).toBe(past.getTime());
}

async function expectOnlyNotes(...names: string[]): Promise<void> {
  expect((await readdir(root)).sort()).toEqual([...names].sort());
}

async function refusal(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const record = (path: string, entry: PublishedEntry = ENTRY) =>
  recordPublished(path, entry, { sourceRoot: root });

describe('recordPublished: bytes', () => {
  it('inserts the entry after the last one and leaves every other byte as it was', async () => {
    const path = await note('rich.md', RICH_HEAD + RICH_TAIL);
    const result = await record(path);
    expect(result).toMatchObject({ written: true, attempts: 1 });
    expect(await readFile(path, 'utf8')).toBe(RICH_HEAD + entryText() + RICH_TAIL);
    await expectOnlyNotes('rich.md');
  });

  it('creates the key at the end of the front-matter when absent', async () => {
    const head = "---\ntitle: x # c\ntags:\n  - 'a'\n";
    const tail = '---\nbody\n';
    const path = await note('n.md', head + tail);
    await record(path);
    expect(await readFile(path, 'utf8')).toBe(`${head}app:\n${entryText()}${tail}`);
  });

  it('keeps CRLF line endings and writes its own lines with CRLF', async () => {
    const crlf = (RICH_HEAD + RICH_TAIL).replaceAll('\n', '\r\n');
    const path = await note('crlf.md', crlf);
    await record(path);
    const after = await readFile(path, 'utf8');
    expect(after).toBe((RICH_HEAD + entryText() + RICH_TAIL).replaceAll('\n', '\r\n'));
    expect(after.replaceAll('\r\n', '')).not.toContain('\n');
  });

  it('keeps a BOM in front of the front-matter', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const path = await note('bom.md', Buffer.concat([bom, Buffer.from('---\na: 1\n---\nbody')]));
    await record(path);
    const after = await readFile(path);
    expect(after.subarray(0, 3).equals(bom)).toBe(true);
    expect(after.subarray(3).toString()).toBe(`---\na: 1\napp:\n${entryText()}---\nbody`);
  });

  it('keeps the absence of a trailing newline, in the body and on a closing fence at the end', async () => {
    const body = await note('body.md', '---\na: 1\n---\nlast line');
    const fenceAtEnd = await note('fence.md', '---\na: 1\n---');
    await record(body);
    await record(fenceAtEnd);
    expect(await readFile(body, 'utf8')).toBe(`---\na: 1\napp:\n${entryText()}---\nlast line`);
    expect(await readFile(fenceAtEnd, 'utf8')).toBe(`---\na: 1\napp:\n${entryText()}---`);
  });

  it('gives a note without front-matter one, the body untouched (after a BOM, with its line ending)', async () => {
    const plain = await note('plain.md', '# Title\n\ntext');
    const crlf = await note('crlf.md', '\uFEFF# Title\r\n');
    const empty = await note('empty.md', '');
    await record(plain);
    await record(crlf);
    await record(empty);
    expect(await readFile(plain, 'utf8')).toBe(`---\napp:\n${entryText()}---\n# Title\n\ntext`);
    expect(await readFile(crlf, 'utf8')).toBe(`\uFEFF---\r\napp:\r\n${entryText('\r\n')}---\r\n# Title\r\n`);
    expect(await readFile(empty, 'utf8')).toBe(`---\napp:\n${entryText()}---\n`);
  });

  it('keeps non-ASCII text byte for byte', async () => {
    const content = '---\ntitle: "Café ☕ — 日本語 🎉"\n---\nÅngström 🎉\n';
    const path = await note('utf8.md', content);
    await record(path);
    expect(await readFile(path, 'utf8')).toBe(
      `---\ntitle: "Café ☕ — 日本語 🎉"\napp:\n${entryText()}---\nÅngström 🎉\n`,
    );
  });

  it('handles a 5 MB note', async () => {
    const body = `${'lorem ipsum dolor sit amet, '.repeat(40)}\n`.repeat(4600);
    expect(body.length).toBeGreaterThan(5_000_000);
    const path = await note('big.md', `---\ntitle: big\n---\n${body}`);
    const started = performance.now();
    await record(path);
    const elapsed = performance.now() - started;
    expect(await readFile(path, 'utf8')).toBe(`---\ntitle: big\napp:\n${entryText()}---\n${body}`);
    expect(elapsed).toBeLessThan(5_000);
    await expectOnlyNotes('big.md');
  });
});

describe('recordPublished: idempotency and refusals leave the file untouched', () => {
  it('writes nothing when an entry with the tweet_id is already there', async () => {
    const original = Buffer.from(RICH_HEAD + RICH_TAIL);
    const path = await note('n.md', original);
    expect(await record(path, { ...ENTRY, tweet_id: '111' })).toMatchObject({ written: false, attempts: 1 });
    await expectUntouched(path, original);

    expect((await record(path)).written).toBe(true);
    await utimes(path, past, past);
    const once = await readFile(path);
    expect(await record(path)).toMatchObject({ written: false });
    await expectUntouched(path, once);
    await expectOnlyNotes('n.md');
  });

  it.each([
    ['invalid YAML', '---\ntitle: [unclosed\n---\nbody\n', 'invalid_yaml'],
    ['an app key that is a string', '---\napp: posted\n---\nbody\n', 'app_not_a_list'],
    ['an app key that is a mapping', '---\napp:\n  tweet_id: "1"\n---\n', 'app_not_a_list'],
    ['a front-matter that is a list', '---\n- a\n---\n', 'not_a_mapping'],
    ['a front-matter never closed', '---\ntitle: a\nbody\n', 'front_matter_not_closed'],
  ])('refuses %s', async (_name, content, reason) => {
    const path = await note('n.md', content);
    const error = await refusal(record(path));
    expect(error.code).toBe('validation_error');
    expect(error.message).toMatch(/loop-back skipped$/);
    expect(error.details).toMatchObject({ reason });
    await expectUntouched(path, Buffer.from(content));
    await expectOnlyNotes('n.md');
  });

  it('refuses a note that is not UTF-8', async () => {
    const bytes = Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x61, 0x3a, 0x20, 0xff, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a]);
    const path = await note('latin.md', bytes);
    expect((await refusal(record(path))).details).toMatchObject({ reason: 'not_utf8' });
    await expectUntouched(path, bytes);
  });

  it('refuses an invalid entry before reading the note', async () => {
    const path = await note('n.md', 'body\n');
    const error = await refusal(record(path, { ...ENTRY, published_at: '2025-03-04 05:06' }));
    expect(error.code).toBe('validation_error');
    expect(error.details).toMatchObject({ reason: 'invalid_input' });
    await expectUntouched(path, Buffer.from('body\n'));
  });
});

describe('recordPublished: paths', () => {
  it('follows a symlink to a note inside the folder, keeping the link', async () => {
    await mkdir(join(root, 'sub'));
    const target = await note('sub/real.md', 'body\n');
    await symlink(target, join(root, 'link.md'));
    const result = await record(join(root, 'link.md'));
    expect(result.path).toBe(target);
    expect((await lstat(join(root, 'link.md'))).isSymbolicLink()).toBe(true);
    expect(await readFile(target, 'utf8')).toBe(`---\napp:\n${entryText()}---\nbody\n`);
    expect((await readdir(root)).sort()).toEqual(['link.md', 'sub']);
  });

  it('refuses a symlink pointing out of the folder, leaving the target alone', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'loop-back-outside-'));
    try {
      const target = join(outside, 'secret.md');
      await writeFile(target, 'secret\n');
      await symlink(target, join(root, 'link.md'));
      const error = await refusal(record(join(root, 'link.md')));
      expect(error.details).toMatchObject({ reason: 'outside_source' });
      expect(await readFile(target, 'utf8')).toBe('secret\n');
      expect(await readdir(outside)).toEqual(['secret.md']);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('refuses paths leaving the folder, directories and missing notes', async () => {
    await mkdir(join(root, 'dir.md'));
    await symlink(join(root, 'nowhere.md'), join(root, 'dangling.md'));
    expect((await refusal(record('../escape.md'))).details).toMatchObject({ reason: 'outside_source' });
    expect((await refusal(record('/etc/hostname'))).details).toMatchObject({ reason: 'outside_source' });
    expect((await refusal(record(root))).details).toMatchObject({ reason: 'outside_source' });
    expect((await refusal(record('dir.md'))).details).toMatchObject({ reason: 'not_regular_file' });
    expect((await refusal(record('dangling.md'))).details).toMatchObject({ reason: 'outside_source' });
    expect((await refusal(record('missing.md'))).code).toBe('not_found');
    expect((await readdir(root)).sort()).toEqual(['dangling.md', 'dir.md']);
  });

  it('accepts a source folder named through a symlink', async () => {
    const alias = `${root}-alias`;
    await symlink(root, alias);
    try {
      await note('a.md', 'body\n');
      const result = await recordPublished(join(alias, 'a.md'), ENTRY, { sourceRoot: alias });
      expect(result.path).toBe(join(await realpath(root), 'a.md'));
      expect(await readFile(join(root, 'a.md'), 'utf8')).toBe(`---\napp:\n${entryText()}---\nbody\n`);
    } finally {
      await rm(alias);
    }
  });

  it('takes a path relative to the source folder', async () => {
    await mkdir(join(root, 'notes'));
    const path = await note('notes/a.md', 'body\n');
    await record('notes/a.md');
    expect(await readFile(path, 'utf8')).toContain('tweet_id: "1900000000000000001"');
  });
});

describe('recordPublished: concurrent edits', () => {
  it('redoes the edit from the fresh content when the user saved meanwhile: both changes end up in the file', async () => {
    const path = await note('n.md', '---\ntitle: draft\n---\nfirst\n');
    const result = await recordPublished(path, ENTRY, {
      sourceRoot: root,
      beforeRename: async ({ attempt }) => {
        if (attempt === 1) await writeFile(path, '---\ntitle: final # edited\n---\nfirst\nsecond\n');
      },
    });
    expect(result).toMatchObject({ written: true, attempts: 2 });
    expect(await readFile(path, 'utf8')).toBe(
      `---\ntitle: final # edited\napp:\n${entryText()}---\nfirst\nsecond\n`,
    );
    await expectOnlyNotes('n.md');
  });

  it('serializes its own concurrent writes to one note', async () => {
    const path = await note('n.md', '---\ntitle: t\n---\n');
    const ids = ['1', '2', '3', '4', '5'];
    await Promise.all(ids.map((id) => record(path, { ...ENTRY, tweet_id: id, thread_url: undefined })));
    const text = await readFile(path, 'utf8');
    for (const id of ids) expect(text).toContain(`- tweet_id: "${id}"`);
    await expectOnlyNotes('n.md');
  });
});
