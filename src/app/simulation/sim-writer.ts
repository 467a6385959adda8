// The deterministic stand-in writer of a simulation: answers the fake LLM's calls (replies, posts,
// threads) from the prompt and a seeded generator, so the same seed writes the same week. Now and then
// it writes what a real model sometimes does — too long, or with a banned phrase — so the guards' work
// shows in the report.

export interface SimWriterOptions {
  random: () => number;
  productName?: string;
  /** The first banned phrase, used when the writer slips (none: it never slips that way). */
  bannedPhrase?: string;
}

interface Call {
  system?: string;
  messages: Array<{ role: string; content: string }>;
}

const OPENERS = [
  'Good point.',
  'Agreed, and',
  'Curious:',
  'In my experience',
  'One number that helped us:',
  'Respectfully, I see it differently:',
  'We hit the same wall.',
  'Worth adding:',
];
const MIDDLES = [
  'the boring option usually wins once you measure it',
  'a small test beats a long debate',
  'the hard part is the second week, not the first day',
  'write down the failure modes before picking a tool',
  'the cost shows up in maintenance, not in setup',
  'most of the gain came from removing a step',
  'latency mattered less than we expected',
  'retries with back-off fixed more than the rewrite did',
  'naming things clearly saved us hours',
  'the docs were the real bottleneck',
];
const CLOSERS = [
  'What did you try first?',
  'How big is your team?',
  'Would love to see numbers.',
  'Happy to share details.',
  '',
  'Did it hold up under load?',
];

const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.floor(random() * items.length)] as T;

/** The subject a prompt is about: the topic of a post or thread, or the words of the post replied to. */
function subjectOf(prompt: string): string {
  const about = /Write a (?:post|thread) about: (.+)/.exec(prompt)?.[1];
  if (about) return about.trim();
  const post = /^Post by @\S+: (.+)$/m.exec(prompt)?.[1] ?? prompt;
  const words = post
    .replace(/@\w+/g, '')
    .split(/\s+/)
    .filter((w) => w.length > 3);
  return words.slice(0, 3).join(' ') || 'this';
}

export function createSimWriter(options: SimWriterOptions): (call: Call) => string {
  const { random } = options;
  let counter = 0;
  const sentence = (subject: string) => {
    counter += 1;
    const closer = pick(CLOSERS, random);
    // The counter keeps two answers on the same subject from reading as duplicates.
    return `${pick(OPENERS, random)} on ${subject}, ${pick(MIDDLES, random)} (note ${counter}).${closer ? ` ${closer}` : ''}`;
  };
  const slip = (text: string): string => {
    const roll = random();
    if (roll < 0.03) return `${text} ${'More context follows. '.repeat(14)}`.trim();
    if (roll < 0.06 && options.bannedPhrase) return `${text} ${options.bannedPhrase} our docs.`;
    return text;
  };
  return (call) => {
    const system = call.system ?? '';
    const prompt = call.messages.map((m) => m.content).join('\n');
    const subject = subjectOf(prompt);
    // "Write a thread of 6 posts", "of exactly 6 posts" or "of 5 to 8 posts" (then a size in the range).
    const asked = /Write a thread of (?:exactly )?(\d+)(?: to (\d+))? posts/.exec(system);
    if (asked) {
      const [low, high] = [Number(asked[1]), Number(asked[2] ?? asked[1])];
      const size = low + Math.floor(random() * (high - low + 1));
      const cards = Array.from({ length: size }, (_, i) =>
        i === 0 ? `A thread on ${subject}, from a week of doing it (note ${++counter}):` : sentence(subject),
      );
      return cards.join('\n---\n');
    }
    const product =
      options.productName && system.includes(`who uses ${options.productName}`) && random() < 0.5
        ? ` We use ${options.productName} for it.`
        : '';
    return slip(`${sentence(subject)}${product}`);
  };
}
