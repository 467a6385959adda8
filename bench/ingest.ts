// Note ingest on a generated vault of 10,000 markdown notes (1–20 KB, front-matter, headings, a fenced
// block) in a temp folder, through the real local folder runner (chokidar watch on), the ingest pipeline
// and a file database:
// - initial ingest (every note stored and searchable: the end of the first scan), target under 5 s, then
//   the watcher ready (its crawl and a rescan of what changed meanwhile), and the RSS growth (< 150 MB);
// - an unchanged rescan, median of 5, target under 1 s;
// - one edited file found by note search after the write (watcher path), median of 10, target under 3 s.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ACCOUNT_ID } from '../src/contracts/account.js';
import { percentile } from '../src/core/domain/latency-stats.js';
import { createNoteSink } from '../src/core/services/sources/note-sink.js';
import { createLocalFolderRunner } from '../src/infra/sources/local-folder-runner.js';
import { openDatabase } from '../src/infra/sqlite/open-database.js';
import { NoteRepository } from '../src/infra/sqlite/repositories/note-repository.js';

const NOTES = Number(process.env.BENCH_NOTES ?? 10_000);
const WORDS =
  'the a of to and in is it that for on with as this was at by an be from or are have not but what all were when we there can use your which their said if will each about how up out them then many some so these would other into has more two like see time could no make than first been its who now people made over did down only way find may long get come day part release notes changelog ship docs rust cli terminal'.split(
    ' ',
  );

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function prose(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 31 + i * 17 + (i >> 3)) % WORDS.length] ?? 'x');
  return out.join(' ');
}

/**
 * A note of about `bytes` bytes: front-matter, a title, sections of 80–400 words under `##` headings, and a
 * fenced block (with a `#` line that is not a heading) every fourth section.
 */
function note(i: number, bytes: number): string {
  const parts = ['---', `title: Note ${i}`, `tags: [t${i % 17}, t${i % 5}]`, '---', `# Note ${i}`, ''];
  let size = parts.join('\n').length;
  let section = 0;
  while (size < bytes) {
    const chunk =
      section % 4 === 3
        ? `\n\`\`\`sh\n# not a heading\necho ${i}\n\`\`\`\n`
        : `\n## Part ${section}\n\n${prose(i + section, 80 + ((i * 13 + section * 61) % 320))}\n`;
    parts.push(chunk);
    size += chunk.length;
    section++;
  }
  return parts.join('\n');
}

export async function benchIngest(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'app-bench-ingest-'));
  const vault = join(dir, 'vault');
  const database = openDatabase({ path: join(dir, 'app.db') });
  try {
    let total = 0;
    for (let i = 0; i < NOTES; i++) {
      const folder = join(vault, `f${i % 50}`);
      if (i < 50) mkdirSync(folder, { recursive: true });
      const text = note(i, 1024 + ((i * 7919) % (19 * 1024)));
      total += text.length;
      writeFileSync(join(folder, `n${i}.md`), text);
    }
    const notes = new NoteRepository(database, DEFAULT_ACCOUNT_ID);
    const clock = { now: () => new Date() };
    const logger = { warn: () => undefined, info: () => undefined, error: () => undefined };
    const source = await notes.ensureSource(
      { source_type: 'local_fs', source_key: 'bench', config: {} },
      clock.now(),
    );
    const pipeline = createNoteSink({ notes, clock }, source.id);
    // The first `synced` is the end of the first scan: every note stored and searchable.
    let scannedAt: number | undefined;
    const sink: typeof pipeline = {
      ...pipeline,
      async synced(state) {
        scannedAt ??= performance.now();
        return pipeline.synced(state);
      },
    };
    const runner = createLocalFolderRunner({
      root: vault,
      patterns: ['*.md'],
      watch: true,
      rescanMs: 0,
      sink,
      logger,
      debounceMs: 100,
    });

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    await runner.start();
    const initialMs = performance.now() - started;
    const scanMs = (scannedAt ?? performance.now()) - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const stored = (await notes.counts(source.id)).notes;
    if (stored !== NOTES) throw new Error(`expected ${NOTES} notes, stored ${stored}`);

    const rescans: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await runner.rescan();
      rescans.push(performance.now() - t);
    }
    rescans.sort((a, b) => a - b);

    const edits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const word = `zebra${i}quokka`;
      const path = join(vault, `f${i}`, `n${i}.md`);
      const t = performance.now();
      writeFileSync(path, `${note(i, 2048)}\n\n## Edited\n\nNow it mentions ${word}.\n`);
      for (;;) {
        if ((await notes.searchNotes({ q: word, limit: 1, offset: 0 })).total > 0) break;
        if (performance.now() - t > 20_000) throw new Error('edit not visible within 20 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      edits.push(performance.now() - t);
    }
    edits.sort((a, b) => a - b);
    await runner.stop();

    const growth = peak - baseline;
    console.log(
      `vault: ${NOTES} notes, ${mb(total)} MB of markdown; ${(await notes.counts(source.id)).notes} stored`,
    );
    console.log(
      `initial ingest (every note stored and searchable): ${(scanMs / 1000).toFixed(2)} s (target < 5 s) ${scanMs < 5000 ? 'OK' : 'OVER'}`,
    );
    console.log(
      `  and the watcher ready (its crawl, then a rescan of what changed meanwhile): ${(initialMs / 1000).toFixed(2)} s`,
    );
    console.log(
      `RSS growth during the initial ingest: ${mb(growth)} MB (peak ${mb(peak)} MB; target < 150 MB) ${growth < 150 * 1024 * 1024 ? 'OK' : 'OVER'}`,
    );
    console.log(
      `unchanged rescan: median ${percentile(rescans, 50).toFixed(0)} ms, max ${(rescans.at(-1) ?? 0).toFixed(0)} ms (target < 1 s) ${percentile(rescans, 50) < 1000 ? 'OK' : 'OVER'}`,
    );
    console.log(
      `edited file visible in search (watcher): median ${percentile(edits, 50).toFixed(0)} ms, max ${(edits.at(-1) ?? 0).toFixed(0)} ms (target < 3 s) ${percentile(edits, 50) < 3000 ? 'OK' : 'OVER'}`,
    );
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchIngest();
