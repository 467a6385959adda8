// The default discovery query built from the configured keywords.
import { describe, expect, it } from 'vitest';
import { buildDiscoveryQuery } from './build-discovery-query.js';

describe('buildDiscoveryQuery', () => {
  it('ORs the keywords, quotes phrases, and leaves reposts out', () => {
    expect(buildDiscoveryQuery(['rust', 'cli tools'])).toBe('(rust OR "cli tools") -is:retweet');
    expect(buildDiscoveryQuery(['rust'])).toBe('rust -is:retweet');
  });

  it('drops blanks, duplicates and characters that would break the query syntax', () => {
    expect(buildDiscoveryQuery(['  ', 'a "quoted" (thing)', 'rust', 'rust'])).toBe(
      '("a quoted thing" OR rust) -is:retweet',
    );
    expect(buildDiscoveryQuery([])).toBeUndefined();
    expect(buildDiscoveryQuery([' ', '""'])).toBeUndefined();
  });

  it('keeps as many keywords as fit in the 512 characters the platform accepts', () => {
    const keywords = Array.from({ length: 100 }, (_, i) => `keyword${i}`);
    const query = buildDiscoveryQuery(keywords) ?? '';
    expect(query.length).toBeLessThanOrEqual(512);
    expect(query).toMatch(/^\(keyword0 OR keyword1 OR .* OR keyword\d+\) -is:retweet$/);
    expect(query.length).toBeGreaterThan(512 - 'keyword99 OR '.length);
  });
});
