import { describe, expect, it } from 'vitest';
import { idleLoopStatus, type LoopStatus } from '../../../contracts/runtime-status.js';
import { loopsHealth, loopWarnings } from './loop-health.js';
import { visibleLoops } from './visible-loops.js';

const loop = (name: string, extra: Partial<LoopStatus> = {}): LoopStatus => ({
  ...idleLoopStatus(name, ['autopilot'], 60),
  ...extra,
});

const NOW = new Date('2026-11-24T10:00:00Z');

describe('visibleLoops', () => {
  const board = (minutesAgo: number, stopped = false, pid = 1) => ({
    pid,
    publishedAt: new Date(NOW.getTime() - minutesAgo * 60_000),
    stopped,
    loops: [loop('posting-queue'), loop('discovery')],
  });

  it("adds the service's loops from a fresh board, keeping this process's own copy of shared ones", () => {
    const own = [loop('posting-queue', { last_summary: 'mine' })];
    const seen = visibleLoops(own, board(1), NOW, 2) ?? [];
    expect(seen.map((l) => l.name)).toEqual(['posting-queue', 'discovery']);
    expect(seen[0]?.last_summary).toBe('mine');
  });

  it('ignores a stopped, stale or own board', () => {
    expect(visibleLoops(undefined, board(1, true), NOW, 2)).toBeUndefined();
    expect(visibleLoops(undefined, board(11), NOW, 2)).toBeUndefined();
    expect(visibleLoops([], board(1, false, 2), NOW, 2)).toEqual([]);
  });
});

describe('loopsHealth', () => {
  it('is ok when loops only wait for their mode or hours, an error when one needs a person', () => {
    expect(
      loopsHealth([loop('content', { paused: 'active_hours' }), loop('threads', { paused: 'mode' })]),
    ).toEqual({ status: 'ok', message: '2 loops running' });
    const tier = loop('mentions', { paused: 'tier', paused_reason: 'the access tier lacks mentions' });
    expect(loopsHealth([tier])).toEqual({
      status: 'error',
      message: 'loop mentions is paused (tier: the access tier lacks mentions)',
    });
    expect(loopWarnings([loop('a', { paused: 'backoff', paused_reason: '10 failures in a row' })])).toEqual([
      'loop a is paused (backoff: 10 failures in a row)',
    ]);
    expect(loopsHealth(undefined).status).toBe('not_configured');
  });
});
