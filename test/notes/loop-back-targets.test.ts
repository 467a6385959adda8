// Loop-back writes only into the Markdown notes a source ingested: a post made from a `.txt` note leaves
// that file alone, and so does a post made from a note that was since replaced by a link to a dot-file
// (the shell-profile case); each says why on the source's problems. The post itself goes out.
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';

let llm: FakeLlm;
let h: HttpHarness | undefined;
let dir: string | undefined;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm.close();
});
afterEach(async () => {
  await h?.app.deps.sources.stop();
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  h = dir = undefined;
});

const NOTE =
  '---\ntitle: Changelog habits\n---\n# Changelog habits\n\nWrite the changelog while it is fresh.\n';
const PROFILE = 'export PATH="$HOME/bin:$PATH"\n';

async function start(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), 'loop-back-targets-'));
  mkdirSync(join(dir, 'ideas'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  h = await startHttpHarness({
    mode: 'composer',
    business: { product_name: 'Acme', product_keywords: ['changelog'] },
    llm: { provider: 'openai', api_key: 'sk-test', base_url: llm.openaiBaseUrl },
    content_sources: { sources: [{ source_type: 'local_fs', path: dir, enabled: true, watch: false }] },
  });
  await h.app.deps.sources.start(h.app.deps.config);
  return h;
}

/** An assisted draft citing the note, approved (composer mode); `before` runs just before it is posted. */
async function postFromNote(harness: HttpHarness, path: string, before: () => void = () => {}) {
  llm.script.reply('Write release notes while the change is still fresh.');
  const assisted = await harness.api('POST', '/api/assist/improve', { draft: 'changelog habits' });
  expect(assisted.status).toBe(200);
  const citation = assisted.json.vault_citations[0];
  expect(citation).toMatchObject({ source_path: path });
  const composed = await harness.api('POST', '/api/content/compose', {
    content_type: 'tweet',
    content: assisted.json.content,
    provenance: [{ node_id: citation.node_id, chunk_id: citation.chunk_id }],
  });
  expect(composed.status).toBe(202);
  await harness.api('POST', `/api/approval/${composed.json.approval_id}/approve`, {});
  before();
  const jobs = await harness.postNow();
  expect(jobs.map((j) => j.status)).toEqual(['posted']);
}

async function problems(harness: HttpHarness) {
  const sources = (await harness.api('GET', '/api/sources')).json.sources;
  return sources[0].problems.map((p: { relative_path: string; message: string }) => [
    p.relative_path,
    p.message,
  ]);
}

describe('loop-back targets', () => {
  it('a post made from a .txt note leaves the file alone and says why', async () => {
    const harness = await start({ 'ideas/changelog.txt': NOTE });
    await postFromNote(harness, 'ideas/changelog.txt');
    expect(readFileSync(join(dir as string, 'ideas', 'changelog.txt'), 'utf8')).toBe(NOTE);
    expect(await problems(harness)).toEqual([
      ['ideas/changelog.txt', expect.stringMatching(/^loop-back: .*only Markdown notes/)],
    ]);
  });

  it('a note replaced by a link to a dot-file (a shell profile) is not written through', async () => {
    const harness = await start({ 'ideas/changelog.md': NOTE, '.profile': PROFILE });
    const folder = dir as string;
    await postFromNote(harness, 'ideas/changelog.md', () => {
      unlinkSync(join(folder, 'ideas', 'changelog.md'));
      symlinkSync(join(folder, '.profile'), join(folder, 'ideas', 'changelog.md'));
    });
    expect(readFileSync(join(folder, '.profile'), 'utf8')).toBe(PROFILE);
    expect(await problems(harness)).toEqual([
      ['ideas/changelog.md', expect.stringMatching(/^loop-back: .*dot-file/)],
    ]);
  });
});
