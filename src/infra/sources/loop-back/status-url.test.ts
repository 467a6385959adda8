import { describe, expect, it } from 'vitest';
import { postStatusUrl } from './status-url.js';

describe('postStatusUrl', () => {
  it('builds the status URL on the given host', () => {
    expect(postStatusUrl('https://x.com', '123', 'alice_1')).toBe('https://x.com/alice_1/status/123');
    expect(postStatusUrl('http://127.0.0.1:9000/', '123', 'bob')).toBe(
      'http://127.0.0.1:9000/bob/status/123',
    );
  });

  it('uses `i` for a missing or malformed username', () => {
    expect(postStatusUrl('https://x.com', '123')).toBe('https://x.com/i/status/123');
    expect(postStatusUrl('https://x.com', '123', null)).toBe('https://x.com/i/status/123');
    expect(postStatusUrl('https://x.com', '123', '../admin')).toBe('https://x.com/i/status/123');
  });

  it('encodes the id', () => {
    expect(postStatusUrl('https://x.com', 'a/b?c')).toBe('https://x.com/i/status/a%2Fb%3Fc');
  });
});
