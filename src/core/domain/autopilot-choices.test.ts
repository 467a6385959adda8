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

  it('starts the recent list over once every topic was used, keeping out only the last one used', () => {
    const choice = chooseTopic({
      configured,
      scores,
      recent: ['sqlite', 'typescript', 'QUEUES'],
      random: dice(0.5),
    });
    // queues scores best but was just used: the best other one.
    expect(choice).toEqual({ topic: 'sqlite', how: 'best', recent: ['QUEUES', 'sqlite'] });
    const again = chooseTopic({
      configured,
      scores,
      recent: ['queues', 'sqlite', 'typescript'],
      random: dice(0.5),
    });
    expect(again).toEqual({ topic: 'queues', how: 'best', recent: ['typescript', 'queues'] });
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
    const last = recent[recent.length - 1];
    const next = chooseFresh(POST_FORMATS, recent, dice(0));
    expect(next.choice).not.toBe(last);
    expect(next.recent).toEqual([last, next.choice]);
  });
});

describe('parseRecent', () => {
  it('reads a JSON list of strings; anything else is empty', () => {
    expect(parseRecent('["a",1,"b"]')).toEqual(['a', 'b']);
    expect(parseRecent('{')).toEqual([]);
    expect(parseRecent(undefined)).toEqual([]);
  });
});
