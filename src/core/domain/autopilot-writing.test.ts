import { describe, expect, it } from 'vitest';
import { postProblem, provenanceOf, threadProblem, withFormat, withStructure } from './autopilot-writing.js';

const banned = ['check out', 'link in bio'];
const prompt = { system: 'You write.', prompt: 'Write a post about: x', maxTokens: 10, temperature: 0.5 };

describe('autopilot writing', () => {
  it('adds the format or structure, and the phrase to avoid on a retry', () => {
    expect(withFormat(prompt, 'tip').system).toBe(
      'You write.\n\nFormat (MUST follow): one practical tip, concrete enough to use today.',
    );
    expect(withStructure(prompt, 'mistakes', 'check out').system).toContain(
      'Never use the phrase "check out"',
    );
    expect(withStructure(prompt, 'mistakes').system).toContain('one mistake and its fix per post');
  });

  it('a post: empty, over 280 weighted characters, or with a banned phrase is a problem', () => {
    expect(postProblem('fine', banned)).toBeUndefined();
    expect(postProblem('x'.repeat(280), banned)).toBeUndefined();
    expect(postProblem('x'.repeat(281), banned)?.message).toBe(
      'the answer was 281 weighted characters (max 280)',
    );
    expect(postProblem('Do Check Out this', banned)).toMatchObject({
      rule: 'banned_phrase',
      phrase: 'check out',
    });
    expect(postProblem('  ', banned)?.rule).toBe('empty');
  });

  it('a thread: 5 to 8 cards, each a valid post', () => {
    const cards = (n: number) => Array.from({ length: n }, (_, i) => `card ${i + 1}`);
    expect(threadProblem(cards(5), banned)).toBeUndefined();
    expect(threadProblem(cards(8), banned)).toBeUndefined();
    expect(threadProblem(cards(4), banned)?.message).toBe('the answer had 4 posts (5 to 8 wanted)');
    expect(threadProblem(cards(9), banned)?.rule).toBe('card_count');
    const long = [...cards(5), 'y'.repeat(300)];
    expect(threadProblem(long, banned)?.message).toBe('post 6: was 300 weighted characters (max 280)');
    expect(threadProblem(['link in bio', ...cards(4)], banned)?.message).toBe(
      'post 1: contains "link in bio"',
    );
  });

  it('provenance keeps the note and chunk of each citation', () => {
    expect(provenanceOf([{ node_id: 3, chunk_id: 9 }])).toEqual([{ node_id: 3, chunk_id: 9 }]);
  });
});
