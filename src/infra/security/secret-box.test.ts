// SecretBox: AES-256-GCM round trip, the key file's creation (0600, once) and every way it can go wrong.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError } from './secret-box.js';

let dir: string;
let keyPath: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
  keyPath = join(dir, 'connector.key');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SecretBox', () => {
  it('seals and opens; the sealed form is nonce ‖ ciphertext ‖ tag and never contains the plain text', () => {
    const box = new SecretBox(keyPath);
    const sealed = box.seal('1//refresh-token-value', 'ctx');
    expect(sealed.length).toBe(12 + '1//refresh-token-value'.length + 16);
    expect(sealed.toString('latin1')).not.toContain('refresh-token');
    expect(box.open(sealed, 'ctx')).toBe('1//refresh-token-value');
    // A fresh nonce each time.
    expect(box.seal('same', 'ctx').equals(box.seal('same', 'ctx'))).toBe(false);
  });

  it('creates the key file on first seal: 64 hex characters, mode 0600, reused afterwards', () => {
    const box = new SecretBox(keyPath);
    const sealed = box.seal('x', 'ctx');
    const text = readFileSync(keyPath, 'utf8');
    expect(text).toMatch(/^[0-9a-f]{64}\n$/);
    expect(statSync(keyPath).mode & 0o777).toBe(0o600);
    box.seal('y', 'ctx');
    expect(readFileSync(keyPath, 'utf8')).toBe(text);
    // Another instance (another process) reads the same key.
    expect(new SecretBox(keyPath).open(sealed, 'ctx')).toBe('x');
  });

  it('accepts a raw 32-byte key file', () => {
    writeFileSync(keyPath, Buffer.alloc(32, 7), { mode: 0o600 });
    const box = new SecretBox(keyPath);
    expect(box.open(box.seal('raw', 'ctx'), 'ctx')).toBe('raw');
  });

  it('a missing key file on open is a clear error and creates nothing', () => {
    const box = new SecretBox(keyPath);
    expect(() => box.open(Buffer.alloc(40), 'ctx')).toThrow(SecretBoxError);
    expect(() => box.open(Buffer.alloc(40), 'ctx')).toThrow(/key file .* is missing/);
    expect(() => statSync(keyPath)).toThrow();
  });

  it('a replaced key, another context or a flipped byte fails to open with a clear message', () => {
    const box = new SecretBox(keyPath);
    const sealed = box.seal('secret', 'account-a:cloud_drive');
    expect(() => box.open(sealed, 'account-b:cloud_drive')).toThrow(/do not decrypt/);
    const tampered = Buffer.from(sealed);
    tampered[14] = (tampered[14] ?? 0) ^ 1;
    expect(() => box.open(tampered, 'account-a:cloud_drive')).toThrow(/do not decrypt/);
    expect(() => box.open(sealed.subarray(0, 20), 'account-a:cloud_drive')).toThrow(/truncated/);
    writeFileSync(keyPath, `${'ab'.repeat(32)}\n`);
    expect(() => box.open(sealed, 'account-a:cloud_drive')).toThrow(/do not decrypt .*replaced/);
  });

  it('a key file that holds no key is an error for seal and open, and is left alone', () => {
    writeFileSync(keyPath, 'not a key');
    const box = new SecretBox(keyPath);
    expect(() => box.seal('x', 'ctx')).toThrow(/does not hold a key/);
    expect(() => box.open(Buffer.alloc(40), 'ctx')).toThrow(/does not hold a key/);
    expect(readFileSync(keyPath, 'utf8')).toBe('not a key');
  });
});
