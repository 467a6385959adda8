// Vault context assembly against a file database holding 10,000 notes (stored as the ingest pipeline stores
// them: fragments cut at their `##` headings) and 5,000 own posts with metrics: the full buildVaultContext
// (winning-post scan, FTS note match, the matching fragments cut from their notes, block assembly) timed
// per call, p50/p95 over 300 calls after a warm-up (target p95 under 20 ms).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ACCOUNT_ID } from '../src/contracts/account.js';
import { percentile } from '../src/core/domain/latency-stats.js';
import { buildVaultContext } from '../src/core/services/assist/vault-context.js';
import { parseNote } from '../src/core/services/sources/parse-note.js';
import { openDatabase } from '../src/infra/sqlite/open-database.js';
import { NoteRepository } from '../src/infra/sqlite/repositories/note-repository.js';
import { VaultRepository } from '../src/infra/sqlite/repositories/vault-repository.js';

const NOTES = 10_000;
const POSTS = 5_000;
const CALLS = 300;
const TARGET_P95_MS = 20;
const KEYWORDS = ['rust', 'cli', 'developer tools', 'terminal', 'acme deploy', 'static site'];
const WORDS =
  'the a of to and in is it that for on with as this was at by an be from or are have not but what all were when we there can use your which their said if will each about how up out them then she many some so these would other into has more her two like him see time could no make than first been its who now people my made over did down only way find may long get come day part'.split(
    ' ',
  );
const TOPICS = ['rust', 'cli', 'terminal', 'developer tools', 'static site', 'gardening', 'cooking'];

/** Deterministic filler prose; one in five notes and posts mentions a tracked topic. */
function prose(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 31 + i * 17) % WORDS.length] ?? 'x');
  if (seed % 5 === 0) out.splice(words >> 1, 0, TOPICS[seed % TOPICS.length] ?? 'rust');
  return out.join(' ');
}

export async function benchVaultContext(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'app-bench-vault-'));
  const database = openDatabase({ path: join(dir, 'app.db') });
  try {
    const { sqlite } = database;
    const seedStart = performance.now();
    const notes = new NoteRepository(database, DEFAULT_ACCOUNT_ID);
    const source = await notes.ensureSource(
      { source_type: 'local_fs', source_key: 'bench', config: {} },
      new Date(),
    );
    await notes.atomically(async () => {
      for (let i = 0; i < NOTES; i++) {
        const sections = [0, 1, 2].map((k) => `## Part ${k}\n\n${prose(i + k * 5, 50 + ((i + k) % 100))}\n`);
        const parsed = parseNote(`# Note ${i}\n\n${sections.join('\n')}`);
        await notes.saveNote(
          { sourceId: source.id, relativePath: `notes/${i}.md`, hash: `h${i}`, ...parsed },
          new Date(),
        );
      }
    });
    sqlite.transaction(() => {
      const post = sqlite.prepare(
        "insert into posts (tweet_id, kind, text, posted_at) values (?, 'tweet', ?, ?)",
      );
      const metrics = sqlite.prepare(
        'insert into post_metrics (tweet_id, likes, replies, retweets, impressions) values (?, ?, ?, ?, ?)',
      );
      const now = Date.now();
      for (let i = 0; i < POSTS; i++) {
        post.run(`p${i}`, prose(i + 7, 20 + (i % 25)), new Date(now - i * 3_600_000).toISOString());
        metrics.run(`p${i}`, (i * 37) % 200, (i * 13) % 20, (i * 7) % 30, 500 + ((i * 101) % 20_000));
      }
    })();
    const seedMs = performance.now() - seedStart;

    const deps = {
      vault: new VaultRepository(database, DEFAULT_ACCOUNT_ID),
      clock: { now: () => new Date() },
      keywords: () => KEYWORDS,
    };
    let chars = 0;
    let citations = 0;
    for (let i = 0; i < 20; i++) await buildVaultContext(deps); // warm-up: page cache, statement cache
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      const context = await buildVaultContext(deps);
      times.push(performance.now() - start);
      chars = context.block?.length ?? 0;
      citations = context.citations.length;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const verdict = p95 < TARGET_P95_MS ? 'ok' : 'OVER TARGET';
    console.log(
      `vault context over ${NOTES.toLocaleString('en-US')} notes + ${POSTS.toLocaleString('en-US')} own posts  p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  max ${(times.at(-1) ?? 0).toFixed(2)} ms  target p95 < ${TARGET_P95_MS} ms: ${verdict}`,
    );
    console.log(
      `  ${CALLS} calls, block ${chars} chars with ${citations} note citations; seeding took ${(seedMs / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
