// Text helpers of the fake LLM: the default echo answer, overlong filler text and the pieces a stream is cut
// into. Token estimates and the cut at max tokens (ceil(chars / 4), the same for streamed and whole answers)
// are the sandbox's, shared with the stand-in LLM `app simulate` writes with.
import type { RecordedCall } from './types.js';

export { capAtMaxTokens, estimateTokens, promptTokens } from '../../../src/infra/sandbox/token-estimate.js';

const ECHO_CHARS = 60;
const CHUNK_CHARS = 24;
const FILLER =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et ' +
  'dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip. ';

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
