// The seed worker in both modes: every 5 minutes, a low-priority pass over notes waiting for seeds. It does
// nothing without an LLM configured (the notes stay pending until there is one).

import { seedPendingNotes } from '../../core/services/sources/seed-notes.js';
import type { LoopDefinition } from '../loop-definition.js';
import type { LoopDeps } from '../loop-deps.js';

export const seedWorkerLoop: LoopDefinition<LoopDeps> = {
  name: 'seed-worker',
  intervalMs: () => 5 * 60_000,
  modes: ['autopilot', 'composer'],
  async run(deps) {
    if (deps.status.llmProblem() !== undefined) return;
    const { seeded, failed } = await seedPendingNotes({
      notes: deps.notes,
      llm: deps.assist.llm,
      clock: deps.clock,
      logger: deps.logger,
    });
    if (seeded + failed > 0) deps.logger.info({ seeded, failed }, 'note seeds drawn');
  },
};
