// The loops a status reader should show: this process's own, plus the service's as it last posted them on
// the loop board when another live process runs them (the tool server's health tools see autopilot).
import type { LoopStatus } from '../../../contracts/runtime-status.js';
import type { LoopBoardSnapshot } from '../../ports/loop-board.js';

/** The service posts at least every few seconds (its posting queue); older than this, it is gone. */
export const BOARD_STALE_MS = 10 * 60_000;

/** Undefined when no process of this data dir runs loops (a one-shot command with no service up). */
export function visibleLoops(
  own: LoopStatus[] | undefined,
  board: LoopBoardSnapshot | undefined,
  now: Date,
  pid: number,
): LoopStatus[] | undefined {
  const live =
    board &&
    !board.stopped &&
    board.pid !== pid &&
    now.getTime() - board.publishedAt.getTime() <= BOARD_STALE_MS;
  if (!live) return own;
  const mine = new Set((own ?? []).map((loop) => loop.name));
  return [...(own ?? []), ...board.loops.filter((loop) => !mine.has(loop.name))];
}
