import { describe, expect, it } from 'vitest';
import { movedSecrets, originOf } from './secret-destinations.js';

const values =
  (entries: Record<string, unknown>) =>
  (key: string): unknown =>
    entries[key];

describe('where stored secrets go', () => {
  it('reads an origin as scheme, host and port', () => {
    expect(originOf('https://api.openai.com/v1')).toBe('https://api.openai.com');
    expect(originOf('http://127.0.0.1:8080/x?y')).toBe('http://127.0.0.1:8080');
    expect(originOf('file:///etc/passwd')).toBeUndefined();
    expect(originOf(42)).toBeUndefined();
  });

  it('the LLM key follows base_url, else the provider default; same origin, other path is no move', () => {
    const before = values({ 'llm.provider': 'openai', 'llm.api_key': 'k' });
    const moves = (after: Record<string, unknown>, setAnew: string[] = []) =>
      movedSecrets(before, values({ 'llm.api_key': 'k', ...after }), new Set(setAnew)).map((m) => [
        m.binding.secret,
        m.from,
        m.to,
      ]);
    expect(moves({ 'llm.provider': 'openai', 'llm.base_url': 'https://api.openai.com/v2' })).toEqual([]);
    expect(moves({ 'llm.provider': 'anthropic' })).toEqual([
      ['llm.api_key', ['https://api.openai.com'], ['https://api.anthropic.com']],
    ]);
    expect(moves({ 'llm.provider': 'openai', 'llm.base_url': 'http://127.0.0.1:1' })).toHaveLength(1);
    // Given anew, the key goes where the change says.
    expect(
      moves({ 'llm.provider': 'openai', 'llm.base_url': 'http://127.0.0.1:1' }, ['llm.api_key']),
    ).toEqual([]);
    // Removed (nothing left to send), or never stored: nothing moves.
    expect(
      movedSecrets(before, values({ 'llm.provider': 'anthropic' }), new Set()).map((m) => m.binding.secret),
    ).toEqual([]);
  });

  it('client secrets follow their token (and revoke) endpoints', () => {
    const before = values({
      'social_api.client_secret': 's',
      'social_api.token_url': 'https://api.x.com/2/oauth2/token',
      'connectors.cloud_drive.client_secret': 'd',
      'connectors.cloud_drive.token_url': 'https://oauth2.googleapis.com/token',
      'connectors.cloud_drive.revoke_url': 'https://oauth2.googleapis.com/revoke',
    });
    const after = values({
      'social_api.client_secret': 's',
      'social_api.token_url': 'https://api.x.com/oauth2/token',
      'connectors.cloud_drive.client_secret': 'd',
      'connectors.cloud_drive.token_url': 'https://oauth2.googleapis.com/token',
      'connectors.cloud_drive.revoke_url': 'http://127.0.0.1:9/revoke',
    });
    expect(movedSecrets(before, after, new Set()).map((m) => m.binding.secret)).toEqual([
      'connectors.cloud_drive.client_secret',
    ]);
  });
});
