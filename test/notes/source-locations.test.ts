// The notes API reads only notes: a folder source in a system or secret location, the data dir, or with
// file patterns that are not note files is disabled at runtime with its reason (the file is the owner's and
// still loads); files that look like keys or credentials are skipped as problems of their path; file hints
// name only note files of the folder.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/contracts/config/config.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let h: HttpHarness | undefined;
let dir: string | undefined;
let home: TempHome | undefined;
afterEach(async () => {
  await h?.app.deps.sources.stop();
  await h?.close();
  home?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
  h = dir = home = undefined;
});

type Entry = NonNullable<NonNullable<ConfigInput['content_sources']>['sources']>[number];

async function startWith(...args: Array<Entry | { home: TempHome }>): Promise<HttpHarness> {
  const given = args.find((a): a is { home: TempHome } => 'home' in a)?.home;
  const entries = args.filter((a): a is Entry => !('home' in a));
  const sources = entries.map((entry) => ({
    source_type: 'local_fs' as const,
    enabled: true,
    watch: false,
    ...entry,
  }));
  h = await startHttpHarness({ content_sources: { sources } }, given ? { home: given } : {});
  await h.app.deps.sources.start(h.app.deps.config);
  return h;
}

const liveNotes = (harness: HttpHarness) =>
  sqliteOf(harness.app.deps.database)
    .sqlite.prepare(
      'select id, relative_path, body_text from content_nodes where gone_at is null order by id',
    )
    .all() as Array<{ id: number; relative_path: string; body_text: string }>;

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered.
const sourcesOf = async (harness: HttpHarness): Promise<any[]> =>
  (await harness.api('GET', '/api/sources')).json.sources;

describe('folder sources in system and secret locations', () => {
  it('a source at /etc with file_patterns ["passwd"] never serves /etc/passwd; it is disabled, saying why', async () => {
    const harness = await startWith({ path: '/etc', file_patterns: ['passwd'] });
    const listed = await harness.api('GET', '/api/notes');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.json)).not.toContain('root:');
    // Whatever ids exist, none of them is /etc/passwd.
    for (const id of [1, 2, 3]) {
      const note = await harness.api('GET', `/api/notes/${id}`);
      expect(note.status).toBe(404);
    }
    expect(liveNotes(harness)).toEqual([]);
    expect(await sourcesOf(harness)).toEqual([
      expect.objectContaining({
        location: '/etc',
        status: 'disabled',
        notes: 0,
        error_message: expect.stringMatching(/\/etc is a system location/),
      }),
    ]);
  });

  it('resolves symlinks first: a folder that links to /etc is refused like /etc', async () => {
    dir = mkdtempSync(join(tmpdir(), 'locations-'));
    symlinkSync('/etc', join(dir, 'etc-link'));
    const harness = await startWith({ path: join(dir, 'etc-link'), file_patterns: ['*.conf', '*.md'] });
    expect(liveNotes(harness)).toEqual([]);
    expect(await sourcesOf(harness)).toEqual([
      expect.objectContaining({
        status: 'disabled',
        error_message: expect.stringMatching(/resolves to \/etc.*system location/),
      }),
    ]);
  });

  it('refuses secret folders (.ssh, .aws, …) anywhere in the path, and the data dir', async () => {
    dir = mkdtempSync(join(tmpdir(), 'locations-'));
    mkdirSync(join(dir, '.ssh', 'notes'), { recursive: true });
    writeFileSync(join(dir, '.ssh', 'notes', 'keys.md'), '# my keys');
    mkdirSync(join(dir, 'vault'));
    writeFileSync(join(dir, 'vault', 'ok.md'), '# Fine\nA real note.');
    home = createTempHome();
    writeFileSync(join(home.dir, 'notes.md'), '# not a vault');
    await startWith(
      { path: join(dir, '.ssh', 'notes') },
      { path: home.dir },
      { path: join(dir, 'vault') },
      { home },
    );
    if (!h) throw new Error('not started');
    expect(liveNotes(h).map((n) => n.relative_path)).toEqual(['ok.md']);
    const sources = await sourcesOf(h);
    expect(sources).toEqual([
      expect.objectContaining({
        status: 'disabled',
        error_message: expect.stringMatching(/\.ssh.*secrets/),
      }),
      expect.objectContaining({
        status: 'disabled',
        error_message: expect.stringMatching(/data directory/),
      }),
      expect.objectContaining({ status: 'active', notes: 1 }),
    ]);
  });

  it('file patterns must name note files: no extension, key files and dot-files disable the source', async () => {
    dir = mkdtempSync(join(tmpdir(), 'locations-'));
    writeFileSync(join(dir, 'profile'), 'export PATH=$PATH:~/bin\n');
    mkdirSync(join(dir, 'tls'));
    writeFileSync(join(dir, 'tls', 'server.pem'), 'not really a key');
    const harness = await startWith(
      { path: dir, file_patterns: ['*'] },
      { path: join(dir, 'tls'), file_patterns: ['*.md', '*.pem'] },
    );
    expect(liveNotes(harness)).toEqual([]);
    const sources = await sourcesOf(harness);
    expect(sources.map((s) => [s.status, s.error_message])).toEqual([
      ['disabled', expect.stringMatching(/file_patterns: '\*' has no file extension/)],
      ['disabled', expect.stringMatching(/file_patterns: '\*\.pem' names key or credential files/)],
    ]);
  });
});

describe("the drive source's legacy key file", () => {
  it('in a system location, or not JSON, is never read: the drive source is disabled, saying why', async () => {
    h = await startHttpHarness({
      content_sources: {
        sources: [
          { source_type: 'cloud_drive', enabled: true, service_account_key: '/proc/self/environ' },
          { source_type: 'cloud_drive', enabled: true, service_account_key: '/tmp/id_rsa', folder_id: 'f' },
        ],
      },
    });
    await h.app.deps.sources.start(h.app.deps.config);
    expect((await sourcesOf(h)).map((s) => [s.status, s.error_message])).toEqual([
      ['disabled', expect.stringMatching(/^service_account_key: \/proc\/self\/environ is a system location/)],
      ['disabled', expect.stringMatching(/^service_account_key: \/tmp\/id_rsa must name a \.json key file/)],
    ]);
  });
});

describe('files that look like keys or credentials', () => {
  it('are skipped with a problem of their path; the other notes ingest', async () => {
    dir = mkdtempSync(join(tmpdir(), 'locations-'));
    writeFileSync(join(dir, 'idea.md'), '# Idea\nShip it.');
    writeFileSync(
      join(dir, 'deploy.txt'),
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n',
    );
    writeFileSync(
      join(dir, 'old.md'),
      '\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\n',
    );
    writeFileSync(
      join(dir, 'aws.txt'),
      '[default]\naws_access_key_id = AKIAEXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG\n',
    );
    const harness = await startWith({ path: dir });
    expect(liveNotes(harness).map((n) => n.relative_path)).toEqual(['idea.md']);
    const [source] = await sourcesOf(harness);
    expect(source.status).toBe('active');
    expect(
      source.problems.map((p: { relative_path: string; message: string }) => [p.relative_path, p.message]),
    ).toEqual(
      expect.arrayContaining([
        ['deploy.txt', expect.stringMatching(/private key; not ingested/)],
        ['old.md', expect.stringMatching(/private key; not ingested/)],
        ['aws.txt', expect.stringMatching(/AWS credentials; not ingested/)],
      ]),
    );
  });
});

describe('file hints', () => {
  it('name only note files of the folder: not other files, not dot-files or dot-folders', async () => {
    dir = mkdtempSync(join(tmpdir(), 'locations-'));
    writeFileSync(join(dir, 'server.pem'), 'a key the folder happens to hold');
    writeFileSync(join(dir, '.env.md'), 'SECRET=1');
    mkdirSync(join(dir, '.private'));
    writeFileSync(join(dir, '.private', 'diary.md'), 'hidden');
    writeFileSync(join(dir, 'later.md'), '# Later\nA note.');
    const harness = await startWith({ path: dir });
    const response = await harness.api('POST', '/api/ingest', {
      file_hints: ['server.pem', '.env.md', '.private/diary.md', 'later.md'],
    });
    expect(response.json.errors).toEqual([
      'server.pem: not a note file of this source (file_patterns: *.md, *.txt)',
      '.env.md: dot-files and dot-folders are not notes',
      '.private/diary.md: dot-files and dot-folders are not notes',
    ]);
    expect(liveNotes(harness).map((n) => n.relative_path)).toEqual(['later.md']);
  });
});
