// Reads the stored platform tokens; a missing or damaged file is a state to report, not a crash.
import { readFileSync } from 'node:fs';
import { type StoredTokens, StoredTokensSchema } from '../../contracts/platform-tokens.js';

export type TokenFileState =
  | { state: 'missing' }
  | { state: 'invalid'; message: string }
  | { state: 'ok'; tokens: StoredTokens };

export function readTokenFile(path: string): TokenFileState {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    return { state: 'invalid', message: `cannot read ${path}: ${(error as Error).message}` };
  }
  try {
    const parsed = StoredTokensSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { state: 'ok', tokens: parsed.data };
    return { state: 'invalid', message: `${path} is not a valid token file; run \`app auth\` again` };
  } catch {
    return { state: 'invalid', message: `${path} is not JSON; run \`app auth\` again` };
  }
}
