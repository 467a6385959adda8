import { describe, expect, it } from 'vitest';
import { chooseFresh, chooseTopic, POST_FORMATS, parseRecent } from './autopilot-choices.js';

/** A random source answering these values in turn. */
const dice = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] as number;
};

const configured = ['sqlite', 'queues', 'typescript'];
const scores = [
  { topic: 'Queues', avgPerformance: 40 },
  { topic: 'sqlite', avgPerformance: 12 },
  { topic: 'not configured', avgPerformance: 99 },
];

describe('chooseTopic (epsilon-greedy)', () => {
  it('below 0.8 takes the best-scoring configured topic, in its configured spelling', () => {
    expect(chooseTopic({ configured, scores, recent: [], random: dice(0.79) })).toEqual({
      topic: 'queues',
      how: 'best',
      recent: ['queues'],
    });
  });

  it('skips the best topic while it is recent and takes the next best', () => {
    const choice = chooseTopic({ configured, scores, recent: ['queues'], random: dice(0.1) });
    expect(choice).toMatchObject({ topic: 'sqlite', how: 'best', recent: ['queues', 'sqlite'] });
  });

  it('at 0.8 or above explores: a random topic that is not recent', () => {
    // 0.9 → explore; then 0.99 picks the last fresh topic (sqlite, typescript → typescript).
    const choice = chooseTopic({ configured, scores, recent: ['queues'], random: dice(0.9, 0.99) });
    expect(choice).toEqual({ topic: 'typescript', how: 'explore', recent: ['queues', 'typescript'] });
  });

  it('with no scores explores whatever the dice say', () => {
    expect(chooseTopic({ configured, scores: [], recent: [], random: dice(0.1, 0.0) })).toMatchObject({
      topic: 'sqlite',
      how: 'explore',
    });
  });

  it('clears the recent list once every topic was used', () => {
    const choice = chooseTopic({
      configured,
      scores,
      recent: ['sqlite', 'QUEUES', 'typescript'],
      random: dice(0.5),
    });
    expect(choice).toEqual({ topic: 'queues', how: 'best', recent: ['queues'] });
  });

  it('nothing configured → no choice', () => {
    expect(chooseTopic({ configured: [' '], scores, recent: [], random: dice(0.5) })).toBeUndefined();
  });
});

describe('chooseFresh', () => {
  it('never repeats a format until all were used', () => {
    let recent: string[] = [];
    const seen: string[] = [];
    for (let n = 0; n < POST_FORMATS.length; n++) {
      const next = chooseFresh(POST_FORMATS, recent, dice(0.5));
      seen.push(next.choice);
      recent = next.recent;
    }
    expect(new Set(seen).size).toBe(POST_FORMATS.length);
    expect(chooseFresh(POST_FORMATS, recent, dice(0)).recent).toHaveLength(1);
  });
});

describe('parseRecent', () => {
  it('reads a JSON list of strings; anything else is empty', () => {
    expect(parseRecent('["a",1,"b"]')).toEqual(['a', 'b']);
    expect(parseRecent('{')).toEqual([]);
    expect(parseRecent(undefined)).toEqual([]);
  });
});
