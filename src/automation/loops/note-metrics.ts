// Analytics sync in both modes: every 15 minutes, the metrics recorded for posts made from notes are
// copied into those notes (only sources with loop_back_enabled and analytics_sync_enabled; a note is
// rewritten only when a figure changed, so an idle vault is never touched).

import { syncNoteMetrics } from '../../core/services/sources/sync-note-metrics.js';
import type { LoopDefinition } from '../loop-definition.js';
import type { LoopDeps } from '../loop-deps.js';

export const NOTE_METRICS_INTERVAL_MS = 15 * 60_000;

export const noteMetricsLoop: LoopDefinition<LoopDeps> = {
  name: 'note-metrics',
  intervalMs: () => NOTE_METRICS_INTERVAL_MS,
  modes: ['autopilot', 'composer'],
  async run(deps) {
    const { written, failed } = await syncNoteMetrics(deps.loopBack);
    if (written + failed > 0) deps.logger.info({ written, failed }, 'note metrics synced');
  },
};
