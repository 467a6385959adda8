// Draft Studio under load: 50 editors autosaving twice a second for 30 s against one server (latency,
// errors, revisions, lost writes), then the draft list over 10,000 drafts (search + tag + sort, p95).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app/wiring/create-app.js';
import { ConfigSchema } from '../src/contracts/config/config.js';
import { percentile } from '../src/core/domain/latency-stats.js';
import { createLogger } from '../src/infra/logging/create-logger.js';
import { ensureApiToken } from '../src/infra/security/api-token.js';
import { buildHttpServer } from '../src/surfaces/http/build-server.js';
import { sqliteOf } from '../test/support/sqlite-of.js';

const EDITORS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const LIST_DRAFTS = 10_000;

export async function benchDrafts(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'app-bench-drafts-'));
  const app = await createApp({
    config: ConfigSchema.parse({}),
    dataDir: dir,
    logger: createLogger({ level: 'silent' }),
  });
  const token = ensureApiToken(app.deps.paths.apiTokenPath);
  const server = await buildHttpServer(app.deps, { apiToken: token });
  const base = await server.listen({ host: '127.0.0.1', port: 0 });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  try {
    const editors = await Promise.all(
      Array.from({ length: EDITORS }, async (_, i) => {
        const created = await call('POST', '/api/content/drafts', {
          content: `editor ${i} starts`,
          title: `Editor ${i}`,
        });
        return {
          id: created.json.id as number,
          version: created.json.version as number,
          last: `editor ${i} starts`,
        };
      }),
    );
    const latencies: number[] = [];
    let errors = 0;
    let saves = 0;
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      editors.map(async (editor, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i * 500) / EDITORS)); // spread the ticks
        for (let n = 0; Date.now() < deadline; n++) {
          const tick = Date.now();
          const content = `editor ${i} keystroke ${n} ${'lorem ipsum '.repeat(n % 20)}`;
          const started = performance.now();
          const result = await call('PATCH', `/api/content/drafts/${editor.id}`, {
            version: editor.version,
            content,
          });
          latencies.push(performance.now() - started);
          saves++;
          if (result.status === 200) {
            editor.version = result.json.version as number;
            editor.last = content;
          } else errors++;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, 500 - (Date.now() - tick))));
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    let lost = 0;
    for (const editor of editors) {
      const current = await call('GET', `/api/content/drafts/${editor.id}`);
      if (current.json.content !== editor.last || current.json.version !== editor.version) lost++;
    }
    const revisions = (
      sqliteOf(app.deps.database)
        .sqlite.prepare("select count(*) as n from draft_revisions where trigger = 'autosave'")
        .get() as { n: number }
    ).n;
    console.log(
      `autosave: ${EDITORS} editors × 2/s for ${SECONDS} s → ${saves} saves (${(saves / SECONDS).toFixed(0)}/s), p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms, errors ${errors}, revisions written ${revisions}, lost writes ${lost}  target p99 < 25 ms: ${percentile(latencies, 99) < 25 ? 'ok' : 'OVER TARGET'}`,
    );

    // The list: 10,000 drafts, a tenth tagged "launch", some mentioning "zebra".
    const insert = sqliteOf(app.deps.database).sqlite.prepare(
      "insert into drafts (content_type, content, title, updated_at, created_at) values ('tweet', ?, ?, ?, ?)",
    );
    const tag = sqliteOf(app.deps.database).sqlite.prepare(
      "insert into tags (name) values ('launch') on conflict do nothing",
    );
    const assign = sqliteOf(app.deps.database).sqlite.prepare(
      "insert into draft_tags (draft_id, tag_id) select ?, id from tags where name = 'launch'",
    );
    sqliteOf(app.deps.database).sqlite.transaction(() => {
      tag.run();
      for (let i = 0; i < LIST_DRAFTS; i++) {
        const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
        const { lastInsertRowid } = insert.run(
          `draft ${i} ${i % 7 === 0 ? 'zebra' : 'plain'} text ${'x'.repeat(i % 200)}`,
          `Title ${i}`,
          at,
          at,
        );
        if (i % 10 === 0) assign.run(lastInsertRowid);
      }
    })();
    const listTimes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      const result = await call(
        'GET',
        '/api/content/drafts?q=zebra&tag=launch&sort=updated_desc&limit=50&offset=0',
      );
      listTimes.push(performance.now() - started);
      if (result.status !== 200) throw new Error(`list failed: ${JSON.stringify(result.json)}`);
    }
    listTimes.sort((a, b) => a - b);
    console.log(
      `list over ${LIST_DRAFTS} drafts (search + tag + sort, 50 per page): p50 ${percentile(listTimes, 50).toFixed(2)} ms, p95 ${percentile(listTimes, 95).toFixed(2)} ms  target p95 < 50 ms: ${percentile(listTimes, 95) < 50 ? 'ok' : 'OVER TARGET'}`,
    );
  } finally {
    await server.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
