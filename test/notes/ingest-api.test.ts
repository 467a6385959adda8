// POST /api/ingest over the HTTP face: the API token is required, good entries land in the manual source
// while bad ones are reported one by one (control characters and blank names in paths too), a path is one
// note whichever Unicode spelling it comes in, unchanged text is skipped (force stores it again), file hints
// reach the first local folder, and manual ingest works in cloud deployment too.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: HttpHarness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await h?.app.deps.sources.stop();
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  h = undefined;
  dir = undefined;
});

const liveNotes = (harness: HttpHarness) =>
  sqliteOf(harness.app.deps.database)
    .sqlite.prepare(
      'select relative_path, title, tags, body_text from content_nodes where gone_at is null order by relative_path',
    )
    .all();

describe('POST /api/ingest', () => {
  it('needs the API token', async () => {
    h = await startHttpHarness();
    const response = await h.api('POST', '/api/ingest', { inline_nodes: [] }, { auth: false });
    expect(response.status).toBe(401);
  });

  it('stores good entries, reports bad ones by path, skips unchanged text unless forced', async () => {
    h = await startHttpHarness({ deployment_mode: 'cloud' });
    const body = {
      inline_nodes: [
        { relative_path: 'ideas/one.md', body_text: '---\ntags: [a]\n---\n# One\nFirst idea.', title: 'One' },
        { relative_path: 'ideas/empty.md', body_text: '   ' },
        { relative_path: '../escape.md', body_text: 'nope' },
        { relative_path: 'ideas/two.md', body_text: 'Second idea.', tags: ['x', 'y'] },
        { body_text: 'no path' },
        'not an object',
      ],
    };
    const first = await h.api('POST', '/api/ingest', body);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toMatchObject({ ingested: 2, skipped: 0, duration_ms: expect.any(Number) });
    expect(first.json.errors).toEqual([
      'ideas/empty.md: empty body_text',
      "../escape.md: relative_path must stay inside the source (no '..' or empty parts)",
      expect.stringMatching(/^inline_nodes\[4\]: relative_path: /),
      expect.stringMatching(/^inline_nodes\[5\]: /),
    ]);
    expect(liveNotes(h)).toEqual([
      { relative_path: 'ideas/one.md', title: 'One', tags: 'a', body_text: '# One\nFirst idea.' },
      { relative_path: 'ideas/two.md', title: null, tags: 'x,y', body_text: 'Second idea.' },
    ]);
    const again = await h.api('POST', '/api/ingest', { inline_nodes: body.inline_nodes.slice(0, 1) });
    expect(again.json).toMatchObject({ ingested: 0, skipped: 1, errors: [] });
    const forced = await h.api('POST', '/api/ingest', {
      inline_nodes: body.inline_nodes.slice(0, 1),
      force: true,
    });
    expect(forced.json).toMatchObject({ ingested: 1, skipped: 0 });
    const sources = await h.api('GET', '/api/sources');
    expect(sources.json.sources).toEqual([
      expect.objectContaining({
        source_type: 'manual',
        notes: 2,
        loop_back: { enabled: false, reason: expect.any(String) },
      }),
    ]);
  });

  it('refuses control characters and blank names in relative_path, entry by entry', async () => {
    h = await startHttpHarness({ deployment_mode: 'cloud' });
    const bad = [
      'tab\there.md',
      'line\nbreak.md',
      'bell\u0007.md',
      'del\u007f.md',
      'c1\u0085.md',
      'ideas/\u0000/x.md',
      ' ',
      '...',
      'ideas/ . /x.md',
      'ideas/.../x.md',
      'ideas/  /x.md',
      '. .',
    ];
    const good = Array.from({ length: 30 }, (_, i) => ({
      relative_path: `ok/${i}.md`,
      body_text: `fine ${i}`,
    }));
    const response = await h.api('POST', '/api/ingest', {
      // Past the first slice of the pipeline, an entry without a path is still named by its own index.
      inline_nodes: [
        ...bad.map((path) => ({ relative_path: path, body_text: 'x' })),
        ...good,
        { body_text: 'x' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ ingested: 30, skipped: 0 });
    expect(response.json.errors).toHaveLength(bad.length + 1);
    expect(response.json.errors.at(-1)).toMatch(
      new RegExp(`^inline_nodes\\[${bad.length + 30}\\]: relative_path: `),
    );
    // One line per refused entry: the path's control characters are written as escapes.
    expect(response.json.errors[1]).toMatch(/^line\\u\{000a\}break\.md: relative_path: no control/);
    for (const line of response.json.errors) expect(line).not.toMatch(/\p{Cc}/u);
    bad.forEach((path, i) => {
      expect(response.json.errors[i], JSON.stringify(path)).toMatch(
        /relative_path: (no control characters|every name needs a character other than dots and spaces)/,
      );
    });
    expect(liveNotes(h)).toHaveLength(30);
  });

  it('one note whichever Unicode spelling its path has (stored in NFC)', async () => {
    h = await startHttpHarness({ deployment_mode: 'cloud' });
    const composed = 'caf\u00e9/r\u00e9sum\u00e9.md';
    const decomposed = 'cafe\u0301/re\u0301sume\u0301.md';
    const first = await h.api('POST', '/api/ingest', {
      inline_nodes: [{ relative_path: decomposed, body_text: 'first spelling' }],
    });
    expect(first.json).toMatchObject({ ingested: 1, errors: [] });
    const second = await h.api('POST', '/api/ingest', {
      inline_nodes: [{ relative_path: composed, body_text: 'first spelling' }],
    });
    expect(second.json).toMatchObject({ ingested: 0, skipped: 1, errors: [] });
    await h.api('POST', '/api/ingest', {
      inline_nodes: [{ relative_path: decomposed, body_text: 'edited' }],
    });
    expect(liveNotes(h)).toEqual([expect.objectContaining({ relative_path: composed, body_text: 'edited' })]);
  });

  it('file hints ingest named files of the first local folder; paths outside it are refused', async () => {
    dir = mkdtempSync(join(tmpdir(), 'hints-'));
    const outside = mkdtempSync(join(tmpdir(), 'hints-out-'));
    writeFileSync(join(outside, 'secret.md'), 'private');
    symlinkSync(join(outside, 'secret.md'), join(dir, 'link.md'));
    h = await startHttpHarness({
      content_sources: { sources: [{ source_type: 'local_fs', path: dir, enabled: true, watch: false }] },
    });
    await h.app.deps.sources.start(h.app.deps.config);
    writeFileSync(join(dir, 'later.md'), 'written after the scan');
    const response = await h.api('POST', '/api/ingest', {
      file_hints: ['later.md', 'missing.md', '../etc/passwd', 'link.md'],
    });
    expect(response.json).toMatchObject({ ingested: 1 });
    expect(response.json.errors).toEqual([
      'missing.md: no such file',
      '../etc/passwd: outside the source folder',
      'link.md: outside the source folder',
    ]);
    expect(liveNotes(h)).toEqual([expect.objectContaining({ relative_path: 'later.md' })]);
    rmSync(outside, { recursive: true, force: true });
  });

  it('file hints without a running local folder are one clear error', async () => {
    h = await startHttpHarness();
    const response = await h.api('POST', '/api/ingest', { file_hints: ['a.md'] });
    expect(response.json.errors).toEqual([
      'file_hints: no local_fs content source is running in this process',
    ]);
  });
});
