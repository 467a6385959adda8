// WAL checkpoints: a timer on the event loop for everyday writes, a thread of their own for a burst. A
// checkpoint copies the WAL's committed pages into the database file and fsyncs both; for a few pages it is
// cheap, but under a long burst of writes (a vault's first ingest: ~0.7 s of 5.5) the event loop paid for
// every one. When the WAL file grows by more than BURST_BYTES between two ticks, a worker thread with its
// own connection takes the checkpoints over on another core while writers keep appending (a PASSIVE
// checkpoint never blocks them); it ends itself once the burst is over, so an idle service does not carry
// it (~8 MB). If it cannot run, checkpoints stay on the event loop.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';

/** WAL growth within one tick that counts as a burst and starts the thread. */
export const BURST_BYTES = 4 * 1024 * 1024;
/** How soon the thread checkpoints again after a round that copied pages (the writer is busy). */
const BUSY_ROUND_MS = 50;
/** Ticks the thread stays with nothing to copy before it ends. */
const IDLE_TICKS = 10;
/** How long close() waits for the thread to close its connection before ending it. */
const CLOSE_WAIT_MS = 5_000;

// Plain CommonJS, evaluated as the worker's script: no second bundle entry, no TypeScript loader needed.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 0');
db.pragma('synchronous = NORMAL');
let last = '';
let idleSince = Date.now();
let timer;
const end = () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
};
const round = () => {
  let next = workerData.intervalMs;
  try {
    const [state] = db.pragma('wal_checkpoint(PASSIVE)');
    const now = state.log + ':' + state.checkpointed;
    // Pages copied (or a checkpoint of the writer's own in the way): the writer is busy, go again soon.
    if (state.busy || (state.log > 0 && now !== last)) {
      next = ${BUSY_ROUND_MS};
      idleSince = Date.now();
    }
    last = now;
  } catch {
    // Busy (another checkpoint or a reset in progress): the next round tries again.
  }
  if (Date.now() - idleSince > workerData.idleExitMs) return end();
  timer = setTimeout(round, next);
};
timer = setTimeout(round, 0);
parentPort.on('message', end);
`;

export interface Checkpointer {
  /** Stops the timer and ends the thread; its connection is closed before this resolves. */
  close(): Promise<void>;
}

export function startCheckpoints(sqlite: Database, path: string, intervalMs: number): Checkpointer {
  let worker: Worker | undefined;
  let failed = false;
  const walBytes = () => {
    try {
      return statSync(`${path}-wal`).size;
    } catch {
      return 0;
    }
  };
  // The WAL file keeps its size when SQLite starts it over, so it only grows when writes outrun checkpoints.
  let lastWalBytes = walBytes();
  const inline = () => {
    try {
      if (sqlite.open) sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy or closing: the next tick (or SQLite's own auto-checkpoint) checkpoints instead.
    }
  };
  const spawn = () => {
    const started = new Worker(THREAD, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        path,
        intervalMs,
        idleExitMs: IDLE_TICKS * intervalMs,
      },
    });
    started.unref();
    started.on('error', () => {
      failed = true;
    });
    started.on('exit', () => {
      if (worker === started) worker = undefined;
    });
    worker = started;
  };
  const tick = () => {
    if (!sqlite.open) return;
    const size = walBytes();
    const grown = size - lastWalBytes;
    lastWalBytes = size;
    if (worker) return;
    if (!failed && grown > BURST_BYTES) spawn();
    else inline();
  };
  const timer = setInterval(tick, intervalMs).unref();

  return {
    async close() {
      clearInterval(timer);
      const running = worker;
      worker = undefined;
      if (!running) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.postMessage('close');
      const wait = setTimeout(() => void running.terminate(), CLOSE_WAIT_MS);
      await exited;
      clearTimeout(wait);
    },
  };
}
