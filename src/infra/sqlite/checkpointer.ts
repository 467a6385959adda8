// WAL checkpoints on a thread of their own. A checkpoint copies the WAL's committed pages into the
// database file and fsyncs both: on the event loop it stalled whatever was running, and a long burst of
// writes (a vault's first ingest: ~0.7 s of 5.5) paid for every one. A worker thread with its own
// connection does it on another core while writers keep appending to the WAL (a PASSIVE checkpoint never
// blocks them). The thread starts the first time the WAL holds anything, so a short CLI command never
// pays for it; if it cannot run, checkpoints fall back to the event loop as before.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';

/** How soon the thread checkpoints again after a round that copied pages (the writer is busy). */
const BUSY_ROUND_MS = 50;
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
let timer;
const round = () => {
  let next = workerData.intervalMs;
  try {
    const [state] = db.pragma('wal_checkpoint(PASSIVE)');
    const now = state.log + ':' + state.checkpointed;
    // Pages copied (or a checkpoint of the writer's own in the way): the writer is busy, go again soon.
    if (state.busy || (state.log > 0 && now !== last)) next = ${BUSY_ROUND_MS};
    last = now;
  } catch {
    // Busy (another checkpoint or a reset in progress): the next round tries again.
  }
  timer = setTimeout(round, next);
};
timer = setTimeout(round, 0);
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Ends the thread after its current round; its connection is closed before this resolves. */
  close(): Promise<void>;
}

export function startCheckpoints(sqlite: Database, path: string, intervalMs: number): Checkpointer {
  let worker: Worker | undefined;
  let failed = false;
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
      workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), path, intervalMs },
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
    if (failed || !sqlite.open) return inline();
    if (worker) return;
    let walBytes = 0;
    try {
      walBytes = statSync(`${path}-wal`).size;
    } catch {
      // No WAL file: nothing written, nothing to checkpoint.
    }
    if (walBytes > 0) spawn();
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
