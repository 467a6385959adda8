// Scoring: engine throughput, then vault-context assembly (bench/vault-context.ts).
// Engine throughput: a realistic mix of 10,000 pre-built posts scored in a loop for ~2 s
// (5 rounds of ~0.4 s after a warm-up), posts scored per second as the median round (target ≥ 200,000/s).
import { ScoringSchema } from '../src/contracts/config/automation.js';
import { type ScoringInput, scoreTweet } from '../src/core/domain/scoring.js';
import { benchVaultContext } from './vault-context.js';

const INPUTS = 10_000;
const ROUNDS = 5;
const ROUND_MS = 400;
const TARGET_PER_SECOND = 200_000;
const KEYWORDS = [
  'rust',
  'cli',
  'developer tools',
  'terminal',
  'open source',
  'acme',
  'static site',
  'deploy',
];
const SNIPPETS = [
  'Building amazing Rust CLI tools for developers',
  'Rust in the terminal: my favourite developer tools and the CLI I use to deploy them',
  'Anyone tried a good terminal multiplexer lately? Mine keeps crashing',
  'Hot take: most developer tools are built for demos, not for daily use.',
  'Just shipped v2 of our open source static site generator 🚀 feedback welcome',
  'What is everyone using to deploy side projects these days?',
  'Coffee, sunshine and a long walk. Perfect Sunday.',
  'Thread: 10 lessons from five years of maintaining a popular library (1/10)',
  'Why does every CLI reinvent argument parsing? Asking for a friend',
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Deterministic PRNG (mulberry32) so every run scores the same mix. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function buildInputs(now: Date): ScoringInput[] {
  const rand = random(42);
  const inputs: ScoringInput[] = [];
  for (let i = 0; i < INPUTS; i++) {
    // Followers log-uniform from 1 to ~3M (a few zero), engagement roughly proportional, ages up to 8 h.
    const followers = rand() < 0.02 ? 0 : Math.floor(10 ** (rand() * 6.5));
    const likes = Math.floor(followers * rand() * 0.03);
    const ageMs = Math.floor(rand() ** 2 * 8 * 3_600_000); // search results skew recent
    const createdAt = rand() < 0.01 ? 'not a date' : new Date(now.getTime() - ageMs).toISOString();
    const snippet = SNIPPETS[i % SNIPPETS.length] ?? '';
    inputs.push({
      // Varied lengths: posts run from a sentence to near the 280-character limit.
      text:
        rand() < 0.3 ? `${snippet} ${snippet.toUpperCase()} ${snippet}`.slice(0, 280) : `${snippet} #${i}`,
      author_followers: followers,
      likes,
      retweets: Math.floor(likes * rand() * 0.3),
      replies: Math.floor(rand() * 30),
      created_at: createdAt,
      has_media: rand() < 0.1,
      is_quote: rand() < 0.05,
    });
  }
  return inputs;
}

function benchScoringEngine(): void {
  const settings = ScoringSchema.parse({});
  const now = new Date();
  const inputs = buildInputs(now);
  let checksum = 0; // consumed below so the JIT cannot drop the calls
  let qualified = 0;
  let scored = 0;
  const runFor = (ms: number): number => {
    let count = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < ms) {
      for (const input of inputs) {
        const result = scoreTweet(input, settings, KEYWORDS, now);
        checksum += result.total;
        if (result.meets_threshold) qualified++;
      }
      count += inputs.length;
      elapsed = performance.now() - start;
    }
    scored += count;
    return (count / elapsed) * 1000;
  };
  runFor(300); // warm-up: let the JIT settle before measuring
  qualified = 0;
  scored = 0;
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) rates.push(runFor(ROUND_MS));
  const m = median(rates);
  const verdict = m >= TARGET_PER_SECOND ? 'ok' : 'UNDER TARGET';
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(
    `scoreTweet over ${fmt(INPUTS)} mixed posts  median ${fmt(m)} posts/s  (min ${fmt(Math.min(...rates))}, max ${fmt(Math.max(...rates))}; ${(1e6 / m).toFixed(2)} µs/post, ratio ${(m / TARGET_PER_SECOND).toFixed(2)}x target)  target ≥ ${fmt(TARGET_PER_SECOND)}/s: ${verdict}`,
  );
  console.log(
    `  ${fmt(scored)} posts scored in ${ROUNDS} rounds, ${((qualified / scored) * 100).toFixed(1)}% meet threshold ${settings.threshold} (checksum ${checksum.toFixed(0)})`,
  );
}

export async function benchScoring(): Promise<void> {
  benchScoringEngine();
  await benchVaultContext();
}
