// Text helpers of the fake LLM: token estimates (ceil(chars / 4), the same for streamed and whole answers),
// the default echo answer, cutting at max tokens, overlong filler text and the pieces a stream is cut into.
import type { RecordedCall } from './types.js';

const CHARS_PER_TOKEN = 4;
const ECHO_CHARS = 60;
const CHUNK_CHARS = 24;
const FILLER =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et ' +
  'dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip. ';

/** Code points, not UTF-16 units, so an emoji never gets cut in half. */
export function charCount(text: string): number {
  return [...text].length;
}

export function estimateTokens(text: string): number {
  return Math.ceil(charCount(text) / CHARS_PER_TOKEN);
}

/** Every prompt character the model would read: system text plus each message. */
export function promptTokens(call: Pick<RecordedCall, 'system' | 'messages'>): number {
  const parts = [call.system ?? '', ...call.messages.map((m) => m.content)];
  return Math.max(1, estimateTokens(parts.join('')));
}

/** The answer when nothing is scripted: stable, and shows which prompt reached the model. */
export function echoText(call: Pick<RecordedCall, 'messages'>): string {
  const lastUser = [...call.messages].reverse().find((m) => m.role === 'user');
  const chars = [...(lastUser?.content ?? '')];
  return `Echo: ${chars.slice(0, ECHO_CHARS).join('')}`;
}

/** Exactly `chars` characters of prose ending in a full stop (length-repair tests count them). */
export function overlongText(chars: number): string {
  if (chars <= 0) return '';
  let text = '';
  while (text.length < chars) text += FILLER;
  return `${text
    .slice(0, chars - 1)
    .trimEnd()
    .padEnd(chars - 1, '.')}.`;
}

/** Cuts the text where a model with this output budget would have stopped. */
export function capAtMaxTokens(
  text: string,
  maxTokens?: number,
): { text: string; finish: 'stop' | 'length' } {
  if (maxTokens === undefined || estimateTokens(text) <= maxTokens) return { text, finish: 'stop' };
  return { text: [...text].slice(0, maxTokens * CHARS_PER_TOKEN).join(''), finish: 'length' };
}

/** Word-sized stream deltas of at most ~24 characters that join back to the exact text. */
export function streamPieces(text: string): string[] {
  const words = text.match(/\s*\S+\s*|\s+/g) ?? [];
  const pieces: string[] = [];
  let current = '';
  for (const word of words) {
    if (current !== '' && current.length + word.length > CHUNK_CHARS) {
      pieces.push(current);
      current = '';
    }
    current += word;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}
