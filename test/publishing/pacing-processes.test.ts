// Pacing holds across processes: two processes, each a whole app with its own gateway, like posts as an
// agent for the same account at the same moment, on real time. The account's next allowed instant lives
// in the database, so the likes reach the platform one gap apart, whichever process sends them.
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/wiring/create-app.js';
import { ConfigSchema } from '../../src/contracts/config/config.js';
import { createLogger } from '../../src/infra/logging/create-logger.js';
import { addTweet } from '../../src/infra/sandbox/social/factory.js';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import type { PacingChildReport } from '../support/pacing-child.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const CHILD = new URL('../support/pacing-child.ts', import.meta.url).pathname;
const GAP_SECONDS = 1;
const OWN = '1000';

let fake: FakeSocial;
let home: TempHome;
const children: ChildProcess[] = [];
beforeAll(async () => {
  fake = await startFakeSocial();
  home = createTempHome();
  storeFakeLogin(fake, join(home.dir, 'tokens.json'));
  // The database exists (migrated) before the two processes open it.
  const app = await createApp({
    config: ConfigSchema.parse({ social_api: { client_id: 'test-client', api_base_url: fake.url } }),
    dataDir: home.dir,
    logger: createLogger({ level: 'silent' }),
    env: {},
  });
  await app.close();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await fake.close();
  home.cleanup();
});

async function startLiker(ids: string[]) {
  const child = fork(CHILD, [home.dir, fake.url, String(GAP_SECONDS), ids.join(',')], {
    execArgv: ['--import', 'tsx'],
    stdio: 'ignore',
  });
  children.push(child);
  await new Promise((resolve) => child.once('message', resolve));
  return {
    go() {
      const done = new Promise<PacingChildReport & { error?: string }>((resolve) =>
        child.once('message', resolve),
      );
      child.send('go');
      return done;
    },
  };
}

describe('pacing across processes', () => {
  it('two processes liking at once for one account: the likes go one gap apart, each process waits its turn', async () => {
    const seeded = new Set(fake.state.likes.of(OWN));
    const posts = Array.from(
      { length: 6 },
      (_, i) => addTweet(fake.state, { authorId: '1001', text: `post ${i}` }).id,
    );
    const [a, b] = await Promise.all([startLiker(posts.slice(0, 3)), startLiker(posts.slice(3))]);
    const [ra, rb] = await Promise.all([a?.go(), b?.go()]);
    expect(ra?.error).toBeUndefined();
    expect(rb?.error).toBeUndefined();
    expect([...(ra?.liked ?? []), ...(rb?.liked ?? [])].sort()).toEqual([...posts].sort());
    // Both processes met the other's slot at least once: the pacing was shared, not per process.
    expect(ra?.refused).toBeGreaterThan(0);
    expect(rb?.refused).toBeGreaterThan(0);
    expect(
      fake.state.likes
        .of(OWN)
        .filter((id) => !seeded.has(id))
        .sort(),
    ).toEqual([...posts].sort());

    const db = new BetterSqlite3(join(home.dir, 'app.db'), { readonly: true });
    const granted = (
      db
        .prepare(`select granted_at from paced_actions where action = 'like_tweet' order by granted_at`)
        .all() as Array<{
        granted_at: string;
      }>
    ).map((row) => Date.parse(row.granted_at));
    db.close();
    expect(granted).toHaveLength(6);
    for (let i = 1; i < granted.length; i++) {
      expect((granted[i] ?? 0) - (granted[i - 1] ?? 0)).toBeGreaterThanOrEqual(GAP_SECONDS * 1000);
    }
  }, 30_000);
});
