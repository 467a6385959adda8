// The service logger (pino). Secrets are redacted by path so a stray header or config dump never leaks them.
import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger } from 'pino';

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.api_key',
  '*.client_secret',
  '*.access_token',
  '*.refresh_token',
  '*.password',
  '*.passphrase',
];

export function createLogger(options: { level: string; destination?: DestinationStream }): Logger {
  return pino(
    { level: options.level, base: undefined, redact: { paths: REDACT, censor: '[redacted]' } },
    options.destination ?? pino.destination(1),
  );
}
