// The seed worker: up to 5 pending notes a pass, the first 2000 characters of each through the LLM into 1-3
// hooks with a suggested format, stored as draft seeds. A note that fails (the model errs or answers
// nothing usable) goes to the back of the queue for the next pass and never holds up the others.
import { parseSeeds, seedPrompt } from '../../domain/seed-prompt.js';
import type { Clock } from '../../ports/clock.js';
import type { Llm } from '../../ports/llm.js';
import type { NoteStore } from '../../ports/note-store.js';

export const SEED_BATCH = 5;

export interface SeedDeps {
  notes: NoteStore;
  llm: () => Llm;
  clock: Clock;
  logger: { warn(obj: object, msg: string): void };
}

export async function seedPendingNotes(
  deps: SeedDeps,
  batch = SEED_BATCH,
): Promise<{ seeded: number; failed: number }> {
  const pending = await deps.notes.pendingNotes(batch);
  let seeded = 0;
  let failed = 0;
  for (const note of pending) {
    try {
      const answer = await deps.llm().generate({ kind: 'seed', ...seedPrompt(note) });
      const seeds = parseSeeds(answer.text);
      if (seeds.length === 0) throw new Error('the model answered no usable hook');
      const saved = await deps.notes.saveSeeds(
        note,
        seeds.map((seed) => ({ nodeId: note.id, text: seed.text, format: seed.format })),
        deps.clock.now(),
      );
      if (saved) seeded++;
    } catch (error) {
      failed++;
      await deps.notes.markNote(note.id, 'pending', deps.clock.now());
      deps.logger.warn({ err: error, note: note.relativePath }, 'seeding a note failed; retried next pass');
    }
  }
  return { seeded, failed };
}
