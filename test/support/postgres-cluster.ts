// A throwaway Postgres cluster in a directory of its own: initdb, start on 127.0.0.1 at a free port with the
// socket inside the directory, stop, delete. Tuned to start fast, not to keep data (fsync off, small buffers).
// Postgres refuses to run as root, so under root the directory is handed to the `postgres` user that
// Debian's package creates and every server command runs through `runuser -u postgres --`.
// Plain node: the global setup (main process) uses it as well as the test workers (test/support/postgres.ts).
import { execFile } from 'node:child_process';
import {
  accessSync,
  chownSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The prefix of every cluster directory, so a later run can find one a killed run left behind. */
export const CLUSTER_DIR_PREFIX = 'app-test-pg-';
const SUPERUSER = 'postgres';
/** Written by the test file that started the cluster, for the others and the teardown's report. */
const READY_FILE = 'server.json';
const FAILED_FILE = 'failed.txt';
const INSTALL_HINT =
  "install Debian's `postgresql` package (apt-get install postgresql; .ci/run does it) or set APP_TEST_PG_URL to a server where the tests may create databases";

export interface PostgresBinaries {
  initdb: string;
  pgCtl: string;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** initdb and pg_ctl of one installation: on PATH, else Debian's newest /usr/lib/postgresql/<version>/bin. */
export function findPostgresBinaries(): PostgresBinaries {
  const candidates = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '');
  let versions: string[] = [];
  try {
    versions = readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v));
  } catch {
    // No Debian installation.
  }
  versions.sort((a, b) => Number(b) - Number(a));
  candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  for (const dir of candidates) {
    const initdb = join(dir, 'initdb');
    if (!executable(initdb)) continue;
    // pg_ctl of the same installation (PATH often holds links into it).
    const bin = dirname(realpathSync(initdb));
    const pgCtl = join(bin, 'pg_ctl');
    if (executable(pgCtl)) return { initdb: join(bin, 'initdb'), pgCtl };
  }
  throw new Error(
    `The Postgres tests need initdb and pg_ctl, found neither on PATH nor in /usr/lib/postgresql/*/bin: ${INSTALL_HINT}.`,
  );
}

function asRoot(): boolean {
  return process.getuid?.() === 0;
}

/** The uid and gid of the `postgres` user, when we must hand it the cluster. */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${SUPERUSER}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) {
    throw new Error(
      `Postgres refuses to run as root, and there is no \`${SUPERUSER}\` user to run it as: ${INSTALL_HINT}.`,
    );
  }
  return { uid: Number(uid), gid: Number(gid) };
}

/** Runs a server command, as the `postgres` user when we are root. */
async function runServerCommand(bin: string, args: string[]): Promise<void> {
  const [file, argv] = asRoot() ? ['runuser', ['-u', SUPERUSER, '--', bin, ...args]] : [bin, args];
  try {
    await run(file, argv, { timeout: 60_000 });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${[file, ...argv].join(' ')} failed: ${stderr || stdout || String(error)}`);
  }
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface StartedCluster {
  /** Superuser URL of the `postgres` database. */
  url: string;
  /** How long initdb and the start took, in milliseconds. */
  initdbMs: number;
  startMs: number;
}

/** Creates and starts a cluster in `dir` (an empty directory this run made). */
export async function startCluster(dir: string): Promise<StartedCluster> {
  const { initdb, pgCtl } = findPostgresBinaries();
  const data = join(dir, 'data');
  const socket = join(dir, 'socket');
  mkdirSync(socket, { recursive: true });
  if (asRoot()) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
    chownSync(socket, uid, gid);
  }
  // wall clock: measures how long the cluster takes to come up, reported by the tests
  const began = performance.now();
  await runServerCommand(initdb, [
    '-D',
    data,
    '-U',
    SUPERUSER,
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const initdbMs = performance.now() - began;
  // A free port may be taken between our look and the server's bind: try another.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const options = [
      '-c listen_addresses=127.0.0.1',
      `-p ${port}`,
      `-k '${socket}'`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c shared_buffers=16MB',
      '-c max_connections=100',
    ].join(' ');
    try {
      // wall clock: measures the start, as above
      const startBegan = performance.now();
      await runServerCommand(pgCtl, [
        '-D',
        data,
        '-l',
        join(dir, 'postgres.log'),
        '-w',
        '-t',
        '30',
        '-s',
        '-o',
        options,
        'start',
      ]);
      return {
        url: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`,
        initdbMs,
        startMs: performance.now() - startBegan,
      };
    } catch (error) {
      if (attempt >= 3) {
        const log = existsSync(join(dir, 'postgres.log'))
          ? readFileSync(join(dir, 'postgres.log'), 'utf8')
          : '';
        throw new Error(`${(error as Error).message}\n${log.slice(-2000)}`);
      }
    }
  }
}

/** Stops the cluster in `dir` if one runs there, then deletes the directory. */
export async function removeCluster(dir: string): Promise<void> {
  const data = join(dir, 'data');
  if (existsSync(join(data, 'postmaster.pid'))) {
    const { pgCtl } = findPostgresBinaries();
    await runServerCommand(pgCtl, ['-D', data, '-s', '-m', 'immediate', 'stop']);
  }
  rmSync(dir, { recursive: true, force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A directory for this run's cluster, marked with the run's pid. Clusters of earlier runs whose process is
 * gone (killed before its teardown) are stopped and removed first; other live runs' are left alone.
 */
export async function makeClusterDir(): Promise<string> {
  const base = tmpdir();
  for (const name of readdirSync(base)) {
    if (!name.startsWith(CLUSTER_DIR_PREFIX)) continue;
    const dir = join(base, name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(dir, 'owner.pid'), 'utf8'));
    } catch {
      continue;
    }
    if (Number.isInteger(owner) && owner > 0 && !alive(owner)) {
      // Best effort: a leftover that cannot be removed must not stop this run.
      await removeCluster(dir).catch(() => undefined);
    }
  }
  const dir = mkdtempSync(join(base, CLUSTER_DIR_PREFIX));
  writeFileSync(join(dir, 'owner.pid'), String(process.pid));
  return dir;
}

/**
 * The URL of the cluster in `dir`, shared by every test worker of a run: the first caller starts it (the
 * directory `starting` is its claim), the others wait for what it writes.
 */
export async function sharedClusterUrl(dir: string): Promise<string> {
  const ready = join(dir, READY_FILE);
  const failed = join(dir, FAILED_FILE);
  let starter = false;
  try {
    mkdirSync(join(dir, 'starting'));
    starter = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (starter) {
    try {
      const started = await startCluster(dir);
      writeFileSync(`${ready}.tmp`, JSON.stringify(started));
      renameSync(`${ready}.tmp`, ready);
      return started.url;
    } catch (error) {
      writeFileSync(failed, (error as Error).message);
      throw error;
    }
  }
  for (let polls = 0; polls < 1200; polls++) {
    if (existsSync(ready)) return (JSON.parse(readFileSync(ready, 'utf8')) as StartedCluster).url;
    if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
    await sleep(50);
  }
  throw new Error(
    `another test file began starting the Postgres test cluster in ${dir} and did not finish within a minute`,
  );
}

/** How long the cluster in `dir` took to come up, if one was started there. */
export function clusterTimes(dir: string): Pick<StartedCluster, 'initdbMs' | 'startMs'> | undefined {
  const ready = join(dir, READY_FILE);
  if (!existsSync(ready)) return undefined;
  const { initdbMs, startMs } = JSON.parse(readFileSync(ready, 'utf8')) as StartedCluster;
  return { initdbMs, startMs };
}
