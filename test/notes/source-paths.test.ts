// A folder source named with `~` is read from the home of the process's env; its status shows the
// expanded folder, and the same folder written another way is the same source (its notes are kept). The
// home is not the data dir here: a folder inside the data dir is never a source.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let h: HttpHarness | undefined;
let home: TempHome | undefined;
let userHome: string | undefined;
afterEach(async () => {
  await h?.app.deps.sources.stop();
  await h?.close();
  home?.cleanup();
  if (userHome) rmSync(userHome, { recursive: true, force: true });
  h = home = userHome = undefined;
});

describe('folder source paths', () => {
  it('expands ~ from the env home; the expanded spelling is the same source', async () => {
    home = createTempHome();
    userHome = mkdtempSync(join(tmpdir(), 'user-home-'));
    home.env.HOME = userHome;
    mkdirSync(join(userHome, 'vault'));
    writeFileSync(join(userHome, 'vault', 'idea.md'), '# Idea\nFrom the home folder.');
    const entry = { source_type: 'local_fs' as const, enabled: true, watch: false };
    h = await startHttpHarness({ content_sources: { sources: [{ ...entry, path: '~/vault' }] } }, { home });
    await h.app.deps.sources.start(h.app.deps.config);
    const sources = (await h.api('GET', '/api/sources')).json.sources;
    expect(sources).toEqual([
      expect.objectContaining({ location: join(userHome, 'vault'), status: 'active', notes: 1 }),
    ]);
    const first = sources[0].id;
    await h.app.deps.sources.apply({
      ...h.app.deps.config,
      content_sources: {
        sources: [{ ...h.app.deps.config.content_sources.sources[0], path: join(userHome, 'vault') }],
      },
    } as typeof h.app.deps.config);
    const after = (await h.api('GET', '/api/sources')).json.sources;
    expect(after).toEqual([expect.objectContaining({ id: first, status: 'active', notes: 1 })]);
  });
});
