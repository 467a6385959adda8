import { describe, expect, it } from 'vitest';
import { CUES_KEY, rememberCue, savedCues } from './cues.js';

const store = () => {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
};

describe('saved tone cues', () => {
  it('most recent first, no duplicates (case-insensitive), at most 5, blank ignored, junk tolerated', () => {
    const s = store();
    for (const cue of ['playful', 'dry', 'warmer', 'Playful', 'short', 'bold', 'calm', '  '])
      rememberCue(s, cue);
    expect(savedCues(s)).toEqual(['calm', 'bold', 'short', 'Playful', 'warmer']);
    s.setItem(CUES_KEY, '{broken');
    expect(savedCues(s)).toEqual([]);
  });
});
