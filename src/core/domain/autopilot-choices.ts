// What the content and thread loops write about and how (reference §g.1): the topic by epsilon-greedy
// (mostly the best-scoring configured topic not used lately, sometimes a random one to keep exploring), a
// post format and a thread structure avoiding the recent ones. Pure: randomness and history come in.

export const POST_FORMATS = [
  'list',
  'contrarian_take',
  'most_people_think_x',
  'storytelling',
  'before_after',
  'question',
  'tip',
] as const;
export type PostFormat = (typeof POST_FORMATS)[number];

export const THREAD_STRUCTURES = ['transformation', 'framework', 'mistakes', 'analysis'] as const;
export type ThreadStructure = (typeof THREAD_STRUCTURES)[number];

/** Share of turns that take the best-scoring topic; the rest explore. */
export const EXPLOIT_SHARE = 0.8;

export interface TopicScore {
  topic: string;
  avgPerformance: number;
}

export interface TopicChoice {
  topic: string;
  /** `best`: the best-scoring topic; `explore`: a random one (the dice said so, or nothing is scored). */
  how: 'best' | 'explore';
  /** The recent list after this choice (what the next turn avoids). */
  recent: string[];
}

const key = (text: string) => text.trim().toLocaleLowerCase();

/** The list without repeats (any case), first spelling kept, blanks dropped. */
export function distinctTopics(topics: readonly string[]): string[] {
  const seen = new Set<string>();
  return topics
    .map((t) => t.trim())
    .filter((t) => {
      if (t === '' || seen.has(key(t))) return false;
      seen.add(key(t));
      return true;
    });
}

/** A uniform pick from a non-empty list with one draw of `random` (in [0, 1)). */
export function pickOne<T>(items: readonly T[], random: () => number): T {
  const index = Math.min(items.length - 1, Math.floor(random() * items.length));
  return items[index] as T;
}

/**
 * The recent entries still in `options`; when none of the options is left fresh the list starts over (it
 * is "cleared when exhausted") from the last one used, so that one does not come twice in a row.
 */
function freshAndRecent(
  options: readonly string[],
  recent: readonly string[],
): { fresh: string[]; recent: string[] } {
  const known = new Set(options.map(key));
  let kept = recent.filter((r) => known.has(key(r)));
  let used = new Set(kept.map(key));
  if (options.every((o) => used.has(key(o)))) {
    kept = options.length > 1 ? kept.slice(-1) : [];
    used = new Set(kept.map(key));
  }
  return { fresh: options.filter((o) => !used.has(key(o))), recent: kept };
}

/**
 * Epsilon-greedy over the configured topics: with probability 0.8 the best-scoring one (among the scored
 * top ten that are configured and not recently used), otherwise — or with no score to go by — a random
 * configured topic not recently used. Undefined when no topic is configured.
 */
export function chooseTopic(input: {
  configured: readonly string[];
  scores: readonly TopicScore[];
  recent: readonly string[];
  random: () => number;
}): TopicChoice | undefined {
  const configured = distinctTopics(input.configured);
  if (configured.length === 0) return undefined;
  const { fresh, recent } = freshAndRecent(configured, input.recent);
  const byKey = new Map(fresh.map((t) => [key(t), t]));
  const best = [...input.scores]
    .slice(0, 10)
    .filter((s) => byKey.has(key(s.topic)))
    .sort((a, b) => b.avgPerformance - a.avgPerformance)[0];
  const exploit = input.random() < EXPLOIT_SHARE;
  const topic = exploit && best ? (byKey.get(key(best.topic)) as string) : pickOne(fresh, input.random);
  return { topic, how: exploit && best ? 'best' : 'explore', recent: [...recent, topic] };
}

/** A random option not among the recent ones (the recent list starts over once every option was used). */
export function chooseFresh<T extends string>(
  options: readonly T[],
  recent: readonly string[],
  random: () => number,
): { choice: T; recent: string[] } {
  const state = freshAndRecent(options, recent);
  const choice = pickOne(state.fresh, random) as T;
  return { choice, recent: [...state.recent, choice] };
}

/** A stored recent list (JSON array of strings); anything else reads as empty. */
export function parseRecent(stored: string | undefined): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
