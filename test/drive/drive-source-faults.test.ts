// The drive source when things go wrong: refused refresh tokens (connection expired), refused access
// tokens (renewed once), 429 and 5xx (retried, then back-off between polls, then recovery), a stop in
// the middle of a slow request, the legacy service-account key, and a connector key that no longer opens.
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { faultPresets } from '../fakes/drive/index.js';
import { type DriveHarness, startDriveHarness } from './drive-harness.js';

let h: DriveHarness;
let folder: string;
let fileId: string;
beforeEach(async () => {
  h = await startDriveHarness();
  folder = h.drive.state.addFolder('Notes');
  fileId = h.drive.state.addFile('one.md', 'first', { parent: folder });
});
afterEach(() => h.close());

const tokenGrants = (h: DriveHarness) => h.drive.requests.filter((r) => r.path === '/token').length;

describe('credentials', () => {
  it('an expired refresh token marks the connection expired and is the source problem; later polls spend no request on it', async () => {
    const { runner, sink } = h.source({ folder_id: folder });
    await h.firstPass(runner);
    h.drive.auth.expireRefreshTokens();
    h.drive.auth.expireAccessTokens();
    h.drive.state.edit(fileId, 'second');
    await h.nextPoll(runner);
    expect(sink.problems.get('')).toMatch(
      /stored authorization was refused \(invalid_grant: Token has been expired or revoked\.\); link the drive again/,
    );
    const connection = await h.connections.get(h.connectionId);
    expect(connection?.status).toBe('expired');
    expect(connection?.metadata.problem).toMatch(/invalid_grant/);
    expect(sink.notes.get('one.md')).toBe('first');
    const grants = tokenGrants(h);
    const from = h.drive.requests.length;
    await h.nextPoll(runner);
    expect(sink.problems.get('')).toMatch(/connection 1 is expired: .*invalid_grant.*; link the drive again/);
    expect(h.since(from)).toEqual([]);
    expect(tokenGrants(h)).toBe(grants);
    // Back-off grows while it fails: 60 s after the first failure, 120 s after the second.
    expect(h.timers.delays()).toEqual([120_000]);
    await runner.stop();
  });

  it('a refused access token is renewed once with the refresh token and the poll goes on', async () => {
    const { runner, sink } = h.source({ folder_id: folder });
    await h.firstPass(runner);
    h.drive.auth.expireAccessTokens();
    h.drive.state.edit(fileId, 'second');
    const grants = tokenGrants(h);
    await h.nextPoll(runner);
    expect(sink.notes.get('one.md')).toBe('second');
    expect(tokenGrants(h)).toBe(grants + 1);
    expect(sink.problems.size).toBe(0);
    await runner.stop();
  });

  it('the access token is renewed a minute before it expires, without a 401', async () => {
    const { runner } = h.source({ folder_id: folder });
    await h.firstPass(runner);
    const grants = tokenGrants(h);
    h.clock.advance(3540_000);
    await h.nextPoll(runner);
    expect(tokenGrants(h)).toBe(grants + 1);
    expect(h.drive.requests.some((r) => r.status === 401)).toBe(false);
    await runner.stop();
  });

  it('a connector key file that no longer opens the token marks the connection error (no crash)', async () => {
    writeFileSync(join(h.dir, 'connector.key'), `${'ef'.repeat(32)}\n`);
    const { runner, sink } = h.source({ folder_id: folder });
    await h.firstPass(runner);
    expect(sink.problems.get('')).toMatch(
      /connection 1: stored credentials do not decrypt with the connector key file/,
    );
    expect((await h.connections.get(h.connectionId))?.status).toBe('error');
    expect(h.timers.delays()).toEqual([60_000]);
    await runner.stop();
  });

  it('a source without connection_id or service_account_key says what it needs', async () => {
    const { runner, sink } = h.source({ folder_id: folder, connection_id: undefined });
    await h.firstPass(runner);
    expect(sink.problems.get('')).toMatch(/needs connection_id .* or service_account_key/);
    await runner.stop();
  });

  describe('service account', () => {
    const email = 'notes-reader@project.iam.gserviceaccount.com';
    function writeKey(): void {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      h.drive.auth.addServiceAccount(email, publicKey.export({ type: 'spki', format: 'pem' }) as string);
      writeFileSync(
        join(h.dir, 'sa.json'),
        JSON.stringify({
          type: 'service_account',
          client_email: email,
          private_key_id: 'k1',
          private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
        }),
      );
    }

    it('signs an RS256 JWT from the key file (~ expanded) and reads the drive with the granted token', async () => {
      writeKey();
      const { runner, sink } = h.source({
        folder_id: folder,
        connection_id: undefined,
        service_account_key: '~/sa.json',
      });
      await h.firstPass(runner);
      expect(sink.snapshot()).toEqual({ 'one.md': 'first' });
      const grant = h.drive.requests.find((r) => r.path === '/token');
      expect(grant?.status).toBe(200);
      await runner.stop();
    });

    it('connection_id wins over service_account_key when both are set', async () => {
      writeKey();
      const { runner, sink } = h.source({ folder_id: folder, service_account_key: '~/sa.json' });
      h.drive.auth.serviceAccounts.clear();
      await h.firstPass(runner);
      expect(sink.snapshot()).toEqual({ 'one.md': 'first' });
      await runner.stop();
    });

    it('a missing or wrong key file is the source problem, naming the file', async () => {
      const { runner, sink } = h.source({
        folder_id: folder,
        connection_id: undefined,
        service_account_key: '~/none.json',
      });
      await h.firstPass(runner);
      expect(sink.problems.get('')).toMatch(/cannot read the service-account key .*none\.json/);
      writeFileSync(join(h.dir, 'none.json'), '{"client_email":"x"}');
      await h.nextPoll(runner);
      expect(sink.problems.get('')).toMatch(/is not a service-account key/);
      await runner.stop();
    });
  });
});

describe('faults', () => {
  it('429 and 5xx are retried within a request (Retry-After honoured), then the poll succeeds', async () => {
    const { runner, sink } = h.source({ folder_id: folder });
    await h.firstPass(runner);
    h.drive.state.edit(fileId, 'second');
    h.drive.faults.inject({ path: '/drive/v3/changes', action: faultPresets.rateLimited(7) });
    h.drive.faults.inject({
      path: `/drive/v3/files/${fileId}`,
      times: 2,
      action: faultPresets.serverError(503),
    });
    h.sleeps.length = 0;
    await h.nextPoll(runner);
    expect(sink.notes.get('one.md')).toBe('second');
    expect(h.sleeps).toEqual([7000, 1000, 2000]);
    expect(sink.problems.size).toBe(0);
    await runner.stop();
  });

  it('a drive that keeps failing is a source problem; polls back off (60 s, 120 s, 240 s) and recover', async () => {
    const { runner, sink } = h.source({ folder_id: folder });
    await h.firstPass(runner);
    h.drive.faults.inject({ path: '/drive/v3/changes', times: -1, action: faultPresets.serverError(502) });
    await h.nextPoll(runner);
    expect(sink.problems.get('')).toMatch(/reading changes answered 502 .*the drive is having trouble/);
    expect(h.timers.delays()).toEqual([60_000]);
    await h.nextPoll(runner);
    expect(h.timers.delays()).toEqual([120_000]);
    h.drive.faults.inject({ path: '/drive/v3/changes', action: faultPresets.drop() });
    await h.nextPoll(runner);
    expect(h.timers.delays()).toEqual([240_000]);
    h.drive.faults.clear();
    h.drive.state.edit(fileId, 'after the outage');
    await h.nextPoll(runner);
    expect(sink.problems.size).toBe(0);
    expect(sink.notes.get('one.md')).toBe('after the outage');
    expect(h.timers.delays()).toEqual([60_000]);
    await runner.stop();
  });

  it('a Retry-After longer than a minute is not waited out in the request: the next poll waits for it', async () => {
    const { runner, sink } = h.source({ folder_id: folder });
    await h.firstPass(runner);
    h.drive.faults.inject({ path: '/drive/v3/changes', action: faultPresets.rateLimited(900) });
    await h.nextPoll(runner);
    expect(sink.problems.get('')).toMatch(/429 .*rate limited/);
    expect(h.timers.delays()).toEqual([900_000]);
    await runner.stop();
  });

  it('403 rate-limit reasons are retried like 429; other 403s are problems', async () => {
    const { runner, sink } = h.source({ folder_id: folder });
    await h.firstPass(runner);
    const body = (reason: string) => ({ error: { code: 403, message: reason, errors: [{ reason }] } });
    h.drive.faults.inject({
      path: '/drive/v3/changes',
      action: faultPresets.status(403, body('userRateLimitExceeded')),
    });
    await h.nextPoll(runner);
    expect(sink.problems.size).toBe(0);
    h.drive.faults.inject({
      path: '/drive/v3/changes',
      action: faultPresets.status(403, body('insufficientPermissions')),
    });
    await h.nextPoll(runner);
    expect(sink.problems.get('')).toMatch(/403 \(insufficientPermissions.*access denied/);
    await runner.stop();
  });

  it('redirects to another host are not followed', async () => {
    const { runner, sink } = h.source({ folder_id: folder });
    await h.firstPass(runner);
    h.drive.faults.inject({
      path: '/drive/v3/changes',
      action: faultPresets.redirect('http://169.254.169.254/latest'),
    });
    await h.nextPoll(runner);
    expect(sink.problems.get('')).toMatch(
      /redirecting to http:\/\/169\.254\.169\.254\/latest; only redirects on the same host/,
    );
    await runner.stop();
  });

  it('stop() ends a slow request at once and leaves no timer; nothing is reported after it', async () => {
    const { runner, sink } = h.source({ folder_id: folder });
    await h.firstPass(runner);
    h.drive.faults.inject({ path: '/drive/v3/changes', action: faultPresets.latency(5000) });
    h.timers.fire();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // wall clock: an elapsed time (the timeout cuts the wait short)
    const started = Date.now();
    await runner.stop();
    // wall clock: an elapsed time
    expect(Date.now() - started).toBeLessThan(1000);
    expect(h.timers.delays()).toEqual([]);
    expect(sink.problems.size).toBe(0);
    // Started again, it works (a fresh lifetime).
    await h.firstPass(runner);
    expect(sink.problems.size).toBe(0);
    await runner.stop();
  });
});
