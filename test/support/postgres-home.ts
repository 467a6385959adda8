// A home whose service keeps its data in Postgres, with further accounts each signed in at the fake as a
// user of its own: what the multi-process tests start `app serve` and `app worker` processes on.
import { join } from 'node:path';
import { openPostgres } from '../../src/infra/postgres/open-postgres.js';
import { DEFAULT_USER_ID, type FakeSocial } from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { AccountRepository } from '../../src/infra/sqlite/repositories/account-repository.js';
import { prepareFakeHome } from './serve-process.js';
import type { TempHome } from './temp-home.js';

export interface PostgresAccount {
  name: string;
  /** The account's row id. */
  id: string;
  /** Its user at the fake. */
  userId: string;
}

/**
 * Writes the config (posting at once to the fake, `[storage] url`, `lines`, one `[accounts.<name>]` table
 * per further account), makes the accounts' rows in the database and stores each one's login at the fake
 * (the default account is the fake's acting user). Answers every account, the default one first.
 */
export async function preparePostgresHome(
  home: TempHome,
  fake: FakeSocial,
  options: { url: string; accounts: ReadonlyArray<{ name: string; userId: string }>; lines?: string[] },
): Promise<PostgresAccount[]> {
  prepareFakeHome(home, fake, [
    ...(options.lines ?? []),
    '[storage]',
    `url = "${options.url}"`,
    ...options.accounts.flatMap(({ name }) => [`[accounts.${name}]`, `display_name = "${name}"`]),
  ]);
  const store = await openPostgres({ url: options.url });
  let ids: Map<string, string>;
  try {
    ids = await new AccountRepository(store).ensure(['default', ...options.accounts.map((a) => a.name)]);
  } finally {
    await store.close();
  }
  const further = options.accounts.map(({ name, userId }) => {
    const id = ids.get(name) as string;
    storeFakeLogin(fake, join(home.dir, 'accounts', id, 'tokens.json'), { userId });
    return { name, id, userId };
  });
  return [{ name: 'default', id: ids.get('default') as string, userId: DEFAULT_USER_ID }, ...further];
}
