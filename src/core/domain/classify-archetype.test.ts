import { describe, expect, it } from 'vitest';
import { classifyArchetype } from './classify-archetype.js';

describe('classify archetype', () => {
  it('labels replies by the move they make, agree_and_expand by default', () => {
    expect(classifyArchetype('reply', 'Which queue do you use?')).toBe('ask_question');
    expect(classifyArchetype('reply', 'How did you get there')).toBe('ask_question');
    expect(classifyArchetype('reply', 'Do you batch them')).toBe('ask_question');
    expect(classifyArchetype('reply', 'In my experience retries hide bugs.')).toBe('share_experience');
    expect(classifyArchetype('reply', 'I’ve found the same thing.')).toBe('share_experience');
    expect(classifyArchetype('reply', 'Research shows 40% of outages are config.')).toBe('add_data');
    expect(classifyArchetype('reply', 'Actually, I think the cache is the problem.')).toBe(
      'respectful_disagree',
    );
    // "actually" without a hedge is no disagreement.
    expect(classifyArchetype('reply', 'Actually great point.')).toBe('agree_and_expand');
    expect(classifyArchetype('reply', 'Exactly this.')).toBe('agree_and_expand');
  });

  it('labels original posts by format, storytelling by default; a tip is short', () => {
    expect(classifyArchetype('tweet', 'Three rules:\n1. log\n2. measure\n3. ship')).toBe('list');
    expect(classifyArchetype('tweet', 'Most people think queues are slow.')).toBe('most_people_think_x');
    expect(classifyArchetype('tweet', 'Actually, tests are cheap. But flaky ones are not.')).toBe(
      'contrarian_take',
    );
    expect(classifyArchetype('thread_card', 'Before: 3 hours. After: 3 minutes.')).toBe('before_after');
    expect(classifyArchetype('tweet', 'What would you cut first?')).toBe('question');
    expect(classifyArchetype('quote', 'Tip: name the queue after the job.')).toBe('tip');
    expect(classifyArchetype('tweet', 'cron -> queue -> worker')).toBe('tip');
    expect(classifyArchetype('tweet', `Tip: ${'long '.repeat(50)}`)).toBe('storytelling');
    expect(classifyArchetype('tweet', 'We shipped on a Friday once.')).toBe('storytelling');
  });
});
