// Draft Studio under load: 50 editors autosaving twice a second for 30 s against one server (latency,
// errors, revisions, lost writes), then the draft list over 10,000 drafts (search + tag + sort, p95).
// On SQLite by default; given Postgres (bench/workers.ts runs it on both), in a fresh database of its own
// (`[storage] url`). Answers the autosave and list latencies' p50 and p99 in milliseconds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app/wiring/create-app.js';
import { ConfigSchema } from '../src/contracts/config/config.js';
import { percentile } from '../src/core/domain/latency-stats.js';
import { createLogger } from '../src/infra/logging/create-logger.js';
import { ensureApiToken } from '../src/infra/security/api-token.js';
import { buildHttpServer } from '../src/surfaces/http/build-server.js';
import type { BenchPostgres } from './postgres.js';
import type { Figures } from './toolserver.js';

const EDITORS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const LIST_DRAFTS = 10_000;

export async function benchDrafts(postgres?: BenchPostgres): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'app-bench-drafts-'));
  const database = await postgres?.fresh();
  const app = await createApp({
    config: ConfigSchema.parse({ storage: { url: database?.url } }),
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
  const figures: Figures = {};
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
    const { db } = app.deps.database;
    const revisions = Number(
      (
        await db
          .selectFrom('draft_revisions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('trigger', '=', 'autosave')
          .executeTakeFirstOrThrow()
      ).n,
    );
    console.log(
      `autosave: ${EDITORS} editors × 2/s for ${SECONDS} s → ${saves} saves (${(saves / SECONDS).toFixed(0)}/s), p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms, errors ${errors}, revisions written ${revisions}, lost writes ${lost}  target p99 < 25 ms: ${percentile(latencies, 99) < 25 ? 'ok' : 'OVER TARGET'}`,
    );

    // The list: 10,000 drafts, a tenth tagged "launch", some mentioning "zebra".
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('tags')
        .values({ name: 'launch' })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const tag = await trx
        .selectFrom('tags')
        .select('id')
        .where('name', '=', 'launch')
        .executeTakeFirstOrThrow();
      for (let from = 0; from < LIST_DRAFTS; from += 500) {
        const rows = Array.from({ length: Math.min(500, LIST_DRAFTS - from) }, (_, k) => {
          const i = from + k;
          const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
          return {
            content_type: 'tweet',
            content: `draft ${i} ${i % 7 === 0 ? 'zebra' : 'plain'} text ${'x'.repeat(i % 200)}`,
            title: `Title ${i}`,
            updated_at: at,
            created_at: at,
          };
        });
        const ids = await trx.insertInto('drafts').values(rows).returning('id').execute();
        const tagged = ids.filter((_, k) => (from + k) % 10 === 0);
        if (tagged.length > 0)
          await trx
            .insertInto('draft_tags')
            .values(tagged.map(({ id }) => ({ draft_id: id, tag_id: tag.id })))
            .execute();
      }
    });
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
    figures.autosave = { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
    figures[`list over ${LIST_DRAFTS} drafts`] = {
      p50: percentile(listTimes, 50),
      p99: percentile(listTimes, 99),
    };
    console.log(
      `list over ${LIST_DRAFTS} drafts (search + tag + sort, 50 per page): p50 ${percentile(listTimes, 50).toFixed(2)} ms, p95 ${percentile(listTimes, 95).toFixed(2)} ms  target p95 < 50 ms: ${percentile(listTimes, 95) < 50 ? 'ok' : 'OVER TARGET'}`,
    );
    return figures;
  } finally {
    await server.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    await database?.drop();
  }
}
