// How the stand-in models count: a token is four characters (code points), for prompts, answers and the cut
// at max tokens. One rule for the sandbox's stand-in LLM and the tests' fake LLM (test/fakes/llm/text.ts),
// so usage figures and cut answers read the same whichever of the two a run talks to.

const CHARS_PER_TOKEN = 4;

/** Code points, not UTF-16 units, so an emoji never gets cut in half. */
export function charCount(text: string): number {
  return [...text].length;
}

export function estimateTokens(text: string): number {
  return Math.ceil(charCount(text) / CHARS_PER_TOKEN);
}

/** Every prompt character the model would read: system text plus each message. */
export function promptTokens(prompt: {
  system?: string;
  messages: ReadonlyArray<{ content: string }>;
}): number {
  const parts = [prompt.system ?? '', ...prompt.messages.map((m) => m.content)];
  return Math.max(1, estimateTokens(parts.join('')));
}

/** Cuts the text where a model with this output budget would have stopped. */
export function capAtMaxTokens(
  text: string,
  maxTokens?: number,
): { text: string; finish: 'stop' | 'length' } {
  if (maxTokens === undefined || estimateTokens(text) <= maxTokens) return { text, finish: 'stop' };
  return { text: [...text].slice(0, maxTokens * CHARS_PER_TOKEN).join(''), finish: 'length' };
}
