// Text that is a key or a credential rather than a note: a private key (PEM, OpenSSH, PGP, PuTTY, also
// inside a JSON key file) or an AWS credentials file. Such files are skipped, whatever their name.

const PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
const PUTTY_KEY = /^[ \t]*PuTTY-User-Key-File-\d+:/m;
const AWS_SECRET = /^[ \t]*aws_secret_access_key[ \t]*[=:]/im;

/** What the text looks like ("a private key", "AWS credentials"), or undefined for an ordinary note. */
export function credentialKind(text: string): string | undefined {
  if (PRIVATE_KEY.test(text) || PUTTY_KEY.test(text)) return 'a private key';
  if (AWS_SECRET.test(text)) return 'AWS credentials';
  return undefined;
}
