// Credentials at rest (linked drive accounts): AES-256-GCM with a 32-byte key kept in a key file beside the
// database (<data dir>/connector.key, 0600), never in it. Sealed = 12-byte nonce ‖ ciphertext ‖ 16-byte tag.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '../../core/errors.js';

const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/** The key file is missing or unreadable, or a sealed value does not open with it (wrong key, tampered). */
export class SecretBoxError extends AppError {
  constructor(message: string, cause?: unknown) {
    super('file_read_error', message, { retryable: false, cause });
    this.name = 'SecretBoxError';
  }
}

export class SecretBox {
  constructor(readonly keyPath: string) {}

  /**
   * Encrypts `plain`, bound to `context` (additional authenticated data: a sealed value moved to another
   * account or connector does not open). Creates the key file on first use.
   */
  seal(plain: string, context: string): Buffer {
    const key = this.readKey() ?? this.createKey();
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([nonce, body, cipher.getAuthTag()]);
  }

  /** Decrypts what `seal` produced with the same key and context; never creates a key. */
  open(sealed: Uint8Array, context: string): string {
    const key = this.readKey();
    if (!key) {
      throw new SecretBoxError(
        `the connector key file ${this.keyPath} is missing, so stored credentials cannot be decrypted; restore it or link the account again`,
      );
    }
    const data = Buffer.from(sealed);
    if (data.length < NONCE_BYTES + TAG_BYTES) {
      throw new SecretBoxError('stored credentials are truncated; link the account again');
    }
    const nonce = data.subarray(0, NONCE_BYTES);
    const tag = data.subarray(data.length - TAG_BYTES);
    const body = data.subarray(NONCE_BYTES, data.length - TAG_BYTES);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, nonce);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch (cause) {
      throw new SecretBoxError(
        `stored credentials do not decrypt with the connector key file ${this.keyPath} (was it replaced?); link the account again`,
        cause,
      );
    }
  }

  /** The key, or undefined when the file does not exist; a file that holds no valid key is an error. */
  private readKey(): Buffer | undefined {
    let raw: Buffer;
    try {
      raw = readFileSync(this.keyPath);
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new SecretBoxError(
        `cannot read the connector key file ${this.keyPath}: ${(cause as Error).message}`,
        cause,
      );
    }
    const text = raw.toString('latin1').trim();
    if (HEX_KEY.test(text)) return Buffer.from(text, 'hex');
    if (raw.length === KEY_BYTES) return raw;
    throw new SecretBoxError(
      `the connector key file ${this.keyPath} does not hold a key (expected 64 hex characters); restore it, or delete it and link the account again`,
    );
  }

  /**
   * Writes a new key atomically and only if none exists: a temp file hard-linked into place fails when
   * another process created the key first, and then that key is used (two processes never use two keys).
   */
  private createKey(): Buffer {
    mkdirSync(dirname(this.keyPath), { recursive: true, mode: 0o700 });
    const temp = `${this.keyPath}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, `${randomBytes(KEY_BYTES).toString('hex')}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temp, this.keyPath);
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'EEXIST') throw cause;
    } finally {
      rmSync(temp, { force: true });
    }
    const key = this.readKey();
    if (!key) throw new SecretBoxError(`the connector key file ${this.keyPath} vanished while being created`);
    return key;
  }
}
