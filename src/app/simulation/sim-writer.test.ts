import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../automation/simulated-time.js';
import { parseThreadText, threadPrompt } from '../../core/domain/prompts.js';
import { createSimWriter } from './sim-writer.js';

const voice = {
  productName: 'Queuebird',
  productDescription: '',
  audience: '',
  opinions: [],
  experiences: [],
  pillars: [],
};

const answer = (count?: number) => {
  const prompt = threadPrompt(voice, { topic: 'queues', ...(count ? { count } : {}) });
  const write = createSimWriter({ random: seededRandom(3) });
  return parseThreadText(
    write({ system: prompt.system, messages: [{ role: 'user', content: prompt.prompt }] }),
  );
};

describe('the simulation writer answers thread prompts as threads', () => {
  it('"5 to 8 posts" (the thread loop): a size in the range', () => {
    const cards = answer();
    expect(cards.length).toBeGreaterThanOrEqual(5);
    expect(cards.length).toBeLessThanOrEqual(8);
    expect(cards[0]).toContain('A thread on queues');
  });

  it('"exactly N posts": N cards', () => {
    expect(answer(3)).toHaveLength(3);
  });
});
