// Child process for the crash test: rewrites the token file as fast as it can until it is killed.
import { TokenStore } from '../../src/infra/social/token-store.js';

const store = new TokenStore(process.argv[2] as string);
let n = 0;
process.send?.('ready');
for (;;) {
  n++;
  store.write({
    access_token: `access-${n}-${'x'.repeat(2000)}`,
    refresh_token: `refresh-${n}`,
    token_type: 'bearer',
    // wall clock: this child stands in for `app auth`, which reads the real clock
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    scopes: ['tweet.read'],
  });
}
