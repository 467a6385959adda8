import { describe, expect, it } from 'vitest';
import { credentialKind } from './credential-text.js';

describe('credentialKind', () => {
  it('spots private keys in any PEM flavour, also inside JSON, and PuTTY keys', () => {
    for (const header of [
      'PRIVATE KEY',
      'RSA PRIVATE KEY',
      'EC PRIVATE KEY',
      'OPENSSH PRIVATE KEY',
      'ENCRYPTED PRIVATE KEY',
      'PGP PRIVATE KEY BLOCK',
    ])
      expect(credentialKind(`-----BEGIN ${header}-----\nMIIE\n-----END ${header}-----\n`)).toBe(
        'a private key',
      );
    expect(
      credentialKind('{"type":"service_account","private_key":"-----BEGIN PRIVATE KEY-----\\nMII"}'),
    ).toBe('a private key');
    expect(credentialKind('PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n')).toBe('a private key');
  });

  it('spots AWS credential files', () => {
    expect(credentialKind('[default]\naws_access_key_id=AKIA\n  AWS_SECRET_ACCESS_KEY = x\n')).toBe(
      'AWS credentials',
    );
  });

  it('leaves ordinary notes alone, including ones about public keys and AWS', () => {
    expect(
      credentialKind('# Keys\n-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----\n'),
    ).toBeUndefined();
    expect(credentialKind('Rotate aws_secret_access_key values monthly.')).toBeUndefined();
    expect(credentialKind('# Idea\nShip it.')).toBeUndefined();
  });
});
