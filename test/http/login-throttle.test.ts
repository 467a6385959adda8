// Passphrase guessing stays throttled: the count survives a restart, parallel guesses cannot slip past it,
// and X-Forwarded-For is believed only from a proxy listed in [server] trusted_proxies.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { hashPassphrase } from '../../src/infra/security/passphrase.js';
import { AuthRepository } from '../../src/infra/sqlite/repositories/auth-repository.js';
import { type HttpHarness, type HttpHarnessOptions, startHttpHarness } from '../support/http-harness.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const PASSPHRASE = 'throttle test passphrase';
const open: HttpHarness[] = [];
const homes: TempHome[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.close();
  for (const home of homes.splice(0)) home.cleanup();
});

async function start(config: Parameters<typeof startHttpHarness>[0] = {}, options: HttpHarnessOptions = {}) {
  const h = await startHttpHarness(config, options);
  open.push(h);
  await new AuthRepository(h.app.deps.database, DEFAULT_ACCOUNT_ID).setPassphraseHash(
    await hashPassphrase(PASSPHRASE),
    new Date(h.clock.now()),
  );
  return h;
}

function login(
  h: HttpHarness,
  passphrase: string,
  remoteAddress = '127.0.0.1',
  headers: Record<string, string> = {},
) {
  return h.server.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host: '127.0.0.1', ...headers },
    payload: { passphrase },
    remoteAddress,
  });
}

describe('login throttle', () => {
  it('survives a restart of the service: the 6th try after a restart is still 429', async () => {
    const home = createTempHome();
    homes.push(home);
    const first = await start({}, { home });
    for (let i = 0; i < 5; i++) expect((await login(first, `guess ${i}`)).statusCode).toBe(401);
    await first.close();
    open.splice(open.indexOf(first), 1);

    const second = await startHttpHarness({}, { home });
    open.push(second);
    const refused = await login(second, PASSPHRASE);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('throttled');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // Other clients are not affected.
    expect((await login(second, PASSPHRASE, '127.0.0.2')).statusCode).toBe(200);
  });

  it('X-Forwarded-For cannot reset the count when no proxy is trusted', async () => {
    const h = await start();
    for (let i = 0; i < 5; i++) {
      const response = await login(h, `guess ${i}`, '127.0.0.1', { 'x-forwarded-for': `203.0.113.${i}` });
      expect(response.statusCode).toBe(401);
    }
    const spoofed = await login(h, PASSPHRASE, '127.0.0.1', { 'x-forwarded-for': '198.51.100.77' });
    expect(spoofed.statusCode).toBe(429);
    const forwardedToo = await login(h, PASSPHRASE, '127.0.0.1', {
      'x-forwarded-for': '198.51.100.78',
      forwarded: 'for=198.51.100.79',
      'x-real-ip': '198.51.100.80',
    });
    expect(forwardedToo.statusCode).toBe(429);
  });

  it('behind a trusted proxy, clients are told apart by X-Forwarded-For; others cannot spoof it', async () => {
    const h = await start({ server: { trusted_proxies: ['127.0.0.1'] } });
    for (let i = 0; i < 5; i++) {
      const response = await login(h, `guess ${i}`, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
      expect(response.statusCode).toBe(401);
    }
    const sameClient = await login(h, PASSPHRASE, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
    expect(sameClient.statusCode).toBe(429);
    const otherClient = await login(h, PASSPHRASE, '127.0.0.1', { 'x-forwarded-for': '203.0.113.10' });
    expect(otherClient.statusCode).toBe(200);
    // An untrusted peer's header is ignored: it is counted as itself.
    for (let i = 0; i < 5; i++) {
      await login(h, `guess ${i}`, '10.9.9.9', { 'x-forwarded-for': `198.51.100.${i}` });
    }
    expect((await login(h, PASSPHRASE, '10.9.9.9', { 'x-forwarded-for': '198.51.100.200' })).statusCode).toBe(
      429,
    );
  });

  it('parallel guesses cannot slip past the count while passphrases are being checked', async () => {
    const h = await start();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(h, `parallel guess ${i}`)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('a successful login forgives earlier failures; a malformed attempt is not a guess', async () => {
    const h = await start();
    for (let i = 0; i < 4; i++) expect((await login(h, `guess ${i}`)).statusCode).toBe(401);
    expect((await login(h, PASSPHRASE)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(h, `guess ${i}`)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) {
      const malformed = await h.server.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host: '127.0.0.1' },
        payload: { pass: 'x' },
      });
      expect(malformed.statusCode).toBe(400);
    }
    expect((await login(h, PASSPHRASE)).statusCode).toBe(200);
  });
});
