// The universal request guards: what reaches a platform host, and what every refusal says.
import { describe, expect, it } from 'vitest';
import type { SocialHost } from '../../contracts/social-endpoint.js';
import { AppError } from '../errors.js';
import { guardEndpoint, guardHeaders } from './request-guards.js';

const BASES: Record<SocialHost, string> = {
  api: 'https://api.example.com',
  upload: 'https://upload.example.com',
  legacy_upload: 'https://legacy-upload.example.com:8443',
  ads: 'https://ads-api.example.com',
};

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('validation_error');
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

const refused = (endpoint: string) => refusal(() => guardEndpoint(endpoint, BASES)).message;

describe('guardEndpoint: allowed', () => {
  it('sends a path to the API host, including legacy v1.1 paths', () => {
    expect(guardEndpoint('/2/users/me', BASES)).toEqual({ host: 'api', path: '/2/users/me' });
    expect(guardEndpoint('/1.1/account/verify_credentials.json', BASES)).toEqual({
      host: 'api',
      path: '/1.1/account/verify_credentials.json',
    });
  });

  it('matches an absolute URL to its configured host, case-insensitively, default port included', () => {
    expect(guardEndpoint('https://ADS-API.example.com/12/accounts', BASES)).toEqual({
      host: 'ads',
      path: '/12/accounts',
    });
    expect(guardEndpoint('HTTPS://upload.example.com:443/2/media/upload', BASES)).toEqual({
      host: 'upload',
      path: '/2/media/upload',
    });
    expect(guardEndpoint('https://legacy-upload.example.com:8443/1.1/media/upload.json', BASES).host).toBe(
      'legacy_upload',
    );
  });

  it('accepts an IP-literal host only when it is itself configured', () => {
    const local = { ...BASES, api: 'http://127.0.0.1:4010' };
    expect(guardEndpoint('http://127.0.0.1:4010/2/tweets', local)).toEqual({
      host: 'api',
      path: '/2/tweets',
    });
  });

  it('keeps harmless encodings and dots inside names', () => {
    expect(guardEndpoint('/2/users/by/username/a%20b', BASES).path).toBe('/2/users/by/username/a%20b');
    expect(guardEndpoint('/1.1/statuses/show.json', BASES).path).toBe('/1.1/statuses/show.json');
    expect(guardEndpoint('/2/tweets/...', BASES).path).toBe('/2/tweets/...');
  });
});

describe('guardEndpoint: SSRF refusals', () => {
  it('refuses other hosts, look-alikes and other ports', () => {
    expect(refused('https://evil.example/2/users/me')).toMatch(/^host allowlist guard/);
    expect(refused('https://api.example.com.evil.example/2/x')).toMatch(/^host allowlist guard/);
    expect(refused('https://api.example.com./2/x')).toMatch(/^host allowlist guard/);
    expect(refused('https://api.example.com:444/2/x')).toMatch(/^host allowlist guard/);
    expect(refused('http://api.example.com/2/x')).toMatch(/^host allowlist guard/);
    expect(refused('https://ap%69.example.com/2/x')).toMatch(/^host allowlist guard/);
  });

  it('refuses IP literals in every spelling', () => {
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '127.1',
      '169.254.169.254',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[0:0:0:0:0:ffff:7f00:1]',
    ]) {
      expect(refused(`http://${host}/2/users/me`), host).toMatch(/^IP-literal guard/);
    }
    // Configured 127.0.0.1 does not let its other spellings through.
    const local = { ...BASES, api: 'http://127.0.0.1:4010' };
    for (const host of ['2130706433:4010', '0x7f000001:4010', '127.1:4010', '[::ffff:127.0.0.1]:4010']) {
      expect(refusal(() => guardEndpoint(`http://${host}/2/x`, local)).message, host).toMatch(
        /^IP-literal guard/,
      );
    }
  });

  it('refuses userinfo, other schemes and protocol-relative URLs', () => {
    expect(refused('https://user:pw@api.example.com/2/x')).toMatch(/^userinfo guard/);
    expect(refused('https://api.example.com@evil.example/2/x')).toMatch(/^userinfo guard/);
    expect(refused('file:///etc/passwd')).toMatch(/^scheme guard/);
    expect(refused('gopher://api.example.com/2/x')).toMatch(/^scheme guard/);
    expect(refused('javascript:alert(1)')).toMatch(/^scheme guard/);
    expect(refused('https:api.example.com/2/x')).toMatch(/^scheme guard/);
    expect(refused('//evil.example/2/x')).toMatch(/^path guard/);
    expect(refused('2/users/me')).toMatch(/^path guard/);
    expect(refused('')).toMatch(/^path guard/);
  });
});

describe('guardEndpoint: path refusals', () => {
  it('refuses dot segments, plain and encoded at any depth', () => {
    for (const path of [
      '/2/../admin',
      '/2/./users',
      '/2/users/..',
      '/2/%2e%2e/admin',
      '/2/%2E%2e/admin',
      '/2/.%2e/admin',
      '/2/%252e%252e/admin',
      '/2/%25252e%25252e/admin',
      '/2/%2e/users',
    ]) {
      expect(refused(path), path).toMatch(/^dot-segment guard/);
    }
    expect(refused('https://api.example.com/2/../x')).toMatch(/^dot-segment guard/);
  });

  it('refuses encoded separators and backslashes', () => {
    for (const path of ['/2/users%2fme', '/2/users%2Fme', '/2/users%5cme', '/2/users%252fme', '/2\\users']) {
      expect(refused(path), path).toMatch(/^encoded-separator guard/);
    }
  });

  it('refuses control characters, raw and encoded', () => {
    expect(refused('/2/users\r\nHost: evil')).toMatch(/^control-character guard/);
    expect(refused('/2/users\u0000')).toMatch(/^control-character guard/);
    expect(refused('/2/users%0d%0aX-Injected:y')).toMatch(/^control-character guard/);
    expect(refused('/2/users%00')).toMatch(/^control-character guard/);
  });

  it('refuses a query or fragment inside the endpoint', () => {
    expect(refused('/2/tweets?ids=1')).toMatch(/^query guard/);
    expect(refused('/2/tweets#x')).toMatch(/^query guard/);
    expect(refused('https://api.example.com/2/tweets?ids=1')).toMatch(/^query guard/);
    expect(refused('https://api.example.com?x=1')).toMatch(/^query guard/);
  });

  it('refuses empty segments, whitespace, malformed encodings and a missing path', () => {
    expect(refused('/2//users')).toMatch(/^path guard/);
    expect(refused('/2/us ers')).toMatch(/^path guard/);
    expect(refused('/2/%zz')).toMatch(/^path guard/);
    expect(refused('https://api.example.com')).toMatch(/^path guard/);
  });
});

describe('guardHeaders', () => {
  it('passes ordinary headers through', () => {
    expect(guardHeaders({ 'x-request-tag': 'a\tb', Accept: 'application/json' })).toEqual({
      'x-request-tag': 'a\tb',
      Accept: 'application/json',
    });
    expect(guardHeaders(undefined)).toEqual({});
  });

  it('refuses the blocklist in any case, invalid names and line breaks', () => {
    for (const name of [
      'Authorization',
      'HOST',
      'cookie',
      'Set-Cookie',
      'transfer-encoding',
      'Proxy-Authorization',
      'proxy-connection',
      'Connection',
      'content-length',
      'proxy-anything',
      'Forwarded',
      'X-Forwarded-Host',
      'x-forwarded-for',
      'X-Original-URL',
      'X-HTTP-Method-Override',
    ]) {
      expect(refusal(() => guardHeaders({ [name]: 'x' })).message, name).toMatch(/^header guard/);
    }
    expect(refusal(() => guardHeaders({ 'x-a': 'b\r\nHost: evil' })).message).toMatch(/^header guard/);
    expect(refusal(() => guardHeaders({ 'x-a': 'b\nc' })).message).toMatch(/^header guard/);
    expect(refusal(() => guardHeaders({ 'bad name': 'x' })).message).toMatch(/^header guard/);
    expect(refusal(() => guardHeaders({ 'x-a\r\n': 'x' })).message).toMatch(/^header guard/);
  });

  it('refuses values fetch cannot send (beyond Latin-1), keeps Latin-1 ones', () => {
    for (const value of ['caf\u00e9 \u{1F642}', '\u0430', '\ud800']) {
      expect(refusal(() => guardHeaders({ 'x-a': value })).message, value).toMatch(/^header guard.*Latin-1/);
    }
    expect(guardHeaders({ 'x-a': 'caf\u00e9' })).toEqual({ 'x-a': 'caf\u00e9' });
  });
});
