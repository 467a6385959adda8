// A process of its own asking for the API token (test/security/api-token-processes.test.ts): it reads or
// creates the token at argv[2] on 'go' and reports the token it will serve with.
import { ensureApiToken } from '../../src/infra/security/api-token.js';

const path = process.argv[2] as string;
process.on('message', () => {
  process.send?.(ensureApiToken(path), () => process.exit(0));
});
process.send?.('ready');
