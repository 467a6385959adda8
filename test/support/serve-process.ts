// The built `app serve` as a real child process over the fake platform, for the tests that kill it: a home
// whose config points at the fake, the server started on a free port, its exit observed, and the HTTP
// calls those tests make (compose, follow the job).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeSocialConfig } from '../../src/infra/sandbox/social/config-lines.js';
import type { FakeSocial } from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { openDatabase } from '../../src/infra/sqlite/open-database.js';
import { AccountRepository } from '../../src/infra/sqlite/repositories/account-repository.js';
import type { TempHome } from './temp-home.js';

const BIN = new URL('../../bin/app.js', import.meta.url).pathname;

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Settles when the process is gone; the signal is set when a signal ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Signs the home in at the fake and writes a config that posts at once (no approval) to it; `lines` go at
 * the end (a section of the test's own).
 */
export function prepareFakeHome(home: TempHome, fake: FakeSocial, lines: string[] = []): void {
  storeFakeLogin(fake, `${home.dir}/tokens.json`);
  home.writeConfig(
    [
      'approval_mode = false',
      // Every platform address at the fake (the sign-in page too), as the fake lists them.
      ...fakeSocialConfig(fake.url, 'test-client').toml,
      '[intervals]',
      'posting_queue_seconds = 1',
      '[logging]',
      'level = "warn"',
      ...lines,
    ].join('\n'),
  );
}

/**
 * A further account's platform login in `home`, as `app auth --account` would store it: the account's row
 * made first (as the service's first start would), then its tokens under accounts/<id>/. The config must
 * name the account (`[accounts.<name>]`). Answers the account's id.
 */
export async function storeAccountLogin(
  home: TempHome,
  fake: FakeSocial,
  name: string,
  userId: string,
): Promise<string> {
  const database = openDatabase({ path: join(home.dir, 'app.db') });
  let id: string;
  try {
    id = (await new AccountRepository(database).ensure(['default', name])).get(name) as string;
  } finally {
    await database.close();
  }
  storeFakeLogin(fake, join(home.dir, 'accounts', id, 'tokens.json'), { userId });
  return id;
}

/**
 * Starts `app serve --port 0` and resolves once it prints the address it listens on. Without the service's
 * loops unless asked: discovery, mentions and analytics would otherwise act on the fake's demo world (and
 * take the fake LLM's scripted answers) beside the test.
 */
export function serve(
  env: Record<string, string>,
  options: { loops?: boolean; workers?: boolean } = {},
): Promise<ServeProcess> {
  const flags = [
    ...(options.loops ? [] : ['--no-loops']),
    ...(options.workers === false ? ['--no-workers'] : []),
  ];
  return started(spawnApp(['serve', '--port', '0', ...flags], env), /listening on (http:\/\/\S+)/);
}

/** `app worker` as a child process; its `url` is empty (it serves nothing). */
export function worker(env: Record<string, string>, args: string[] = []): Promise<ServeProcess> {
  return started(spawnApp(['worker', ...args], env), /worker on (\S+)/, '');
}

function spawnApp(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves once the process printed `ready` (its first group is the url, unless `url` is given). */
function started(child: ChildProcess, ready: RegExp, url?: string): Promise<ServeProcess> {
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close', not 'exit': the last lines a process wrote before it died (a crash point's) are read by then.
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve({ child, url: url ?? found, output: () => output, exited });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${signal ?? code}) before listening:\n${output}`));
    });
  });
}

/** SIGKILL from outside, resolved once the process is reaped (so its pid is no longer alive). */
export async function killHard(server: ServeProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/** Polls until probe returns a value (not undefined). */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 20_000,
): Promise<T> {
  // wall clock: a deadline for the wait
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    // wall clock: a deadline for the wait
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface JobView {
  id: number;
  status: string;
  posted_tweet_ids: string[];
  last_error: string | null;
}

/** The API as a client with the home's bearer token. */
/** The API as a client of `home`'s server: the default account's, or the named account's (X-App-Account). */
export function apiClient(home: TempHome, account?: string) {
  const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    ...(account ? { 'x-app-account': account } : {}),
  };
  return {
    /** Composes for immediate posting; resolves to the posting job's id. */
    async compose(url: string, body: { content_type: 'tweet' | 'thread'; content: string }) {
      const response = await fetch(`${url}/api/content/compose`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (response.status !== 202) throw new Error(`compose: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { job_id: number }).job_id;
    },
    async job(url: string, id: number): Promise<JobView> {
      const response = await fetch(`${url}/api/posting/jobs/${id}`, { headers });
      if (response.status !== 200) throw new Error(`job ${id}: ${response.status} ${await response.text()}`);
      return (await response.json()) as JobView;
    },
  };
}

/**
 * Follows a job until it is posted. A job that failed, or that was parked on an error (its next try is
 * 30 s or more away), fails the wait at once: waiting out the retry would only hide the error.
 */
export async function untilPosted(
  url: string,
  api: ReturnType<typeof apiClient>,
  id: number,
  ms = 20_000,
): Promise<JobView> {
  let last: JobView | undefined;
  try {
    return await until(
      `job ${id} to be posted`,
      async () => {
        last = await api.job(url, id);
        const parked = (last.status === 'queued' || last.status === 'partial') && last.last_error;
        if (last.status === 'failed' || parked)
          throw new Error(`job ${id} ${last.status}: ${last.last_error}`);
        return last.status === 'posted' ? last : undefined;
      },
      ms,
    );
  } catch (error) {
    // Say where it got stuck, not only that it did.
    if (last && /^timed out/.test((error as Error).message))
      throw new Error(`${(error as Error).message}; last seen ${last.status}: ${last.last_error}`);
    throw error;
  }
}
