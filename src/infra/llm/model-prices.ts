// Estimated prices (USD per million tokens) for cost accounting; unknown models count as free rather
// than guessing. Local models (ollama) are free.

const PRICES: Array<{ match: RegExp; input: number; output: number }> = [
  { match: /^gpt-4o-mini/, input: 0.15, output: 0.6 },
  { match: /^gpt-4o/, input: 2.5, output: 10 },
  { match: /^gpt-4\.1-mini/, input: 0.4, output: 1.6 },
  { match: /^gpt-4\.1/, input: 2, output: 8 },
  { match: /^claude-.*haiku/, input: 0.8, output: 4 },
  { match: /^claude-.*sonnet/, input: 3, output: 15 },
  { match: /^claude-.*opus/, input: 15, output: 75 },
];

export function estimateCostUsd(
  provider: string,
  model: string,
  inputTokens: number,
  outputTokens: number,
): number {
  if (provider === 'ollama') return 0;
  const price = PRICES.find((p) => p.match.test(model));
  if (!price) return 0;
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}
