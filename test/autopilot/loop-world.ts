// The world of a loop test: the fake LLM for the whole file, and an app harness per test (closed after
// each, with the LLM's script reset). Tests open theirs through `world.open`; the helper closes it.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import type { AppHarness } from '../support/app-harness.js';

export interface LoopWorld {
  llm: FakeLlm;
  h: AppHarness | undefined;
  /** Keeps the harness to close after the test, and answers it. */
  open(harness: Promise<AppHarness>): Promise<AppHarness>;
}

export function loopWorld(): LoopWorld {
  const world = {
    h: undefined,
    async open(harness) {
      world.h = await harness;
      return world.h;
    },
  } as LoopWorld;
  beforeAll(async () => {
    world.llm = await startFakeLlm();
  });
  afterAll(async () => world.llm.close());
  afterEach(async () => {
    await world.h?.close();
    world.h = undefined;
    world.llm.reset();
  });
  return world;
}
