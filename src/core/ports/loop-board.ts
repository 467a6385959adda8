// Where the service process posts its loops' status so other processes of the same data dir (the tool
// server's health tools, a second `app` command) can read it: one row, rewritten as the loops move.
import type { LoopStatus } from '../../contracts/runtime-status.js';

export interface LoopBoardSnapshot {
  pid: number;
  publishedAt: Date;
  /** Written on a clean stop: the loops are not running any more. */
  stopped: boolean;
  loops: LoopStatus[];
}

export interface LoopBoard {
  publish(snapshot: LoopBoardSnapshot): Promise<void>;
  read(): Promise<LoopBoardSnapshot | undefined>;
}
