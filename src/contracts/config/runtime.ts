// [storage], [logging], [server]: where data lives, how much is logged, where the HTTP server listens.
import { z } from 'zod';
import { HostNameSchema, NonEmptyTextSchema, PositiveIntSchema } from './common.js';

const PROXY_FORMATS = [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()];
/** Named ranges Fastify's proxy trust knows besides addresses and CIDR ranges. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range, or a named range: what the HTTP server can be told to trust. */
const ProxyAddressSchema = z
  .string()
  .trim()
  .refine((value) => PROXY_NAMES.includes(value) || PROXY_FORMATS.some((f) => f.safeParse(value).success), {
    error: (issue) =>
      `'${String(issue.input)}' is not an IP address, a CIDR range (10.0.0.0/8, fd00::/8) or one of ${PROXY_NAMES.join(', ')}`,
  });

/** postgres:// or postgresql:// (the value is never echoed: it may hold a password). */
const PostgresUrlSchema = NonEmptyTextSchema.refine(
  (value) => {
    try {
      return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  { error: 'must be a postgres:// or postgresql:// URL' },
);

export const StorageSchema = z.object({
  url: PostgresUrlSchema.optional()
    .describe(
      'Postgres connection URL (postgres://user:password@host:5432/db): the service keeps its data there instead of the SQLite file. Unset means SQLite.',
    )
    .meta({ secret: true }),
  db_path: NonEmptyTextSchema.optional().describe(
    'SQLite database file; unset means <data dir>/app.db. `~` is expanded.',
  ),
  worker_release_after_seconds: z
    .number()
    .int()
    .min(2)
    .max(3600)
    .optional()
    .describe(
      'Postgres: seconds of silence after which a worker process counts as gone and the loop turns it held go to the others (each process says it is alive every few seconds); unset means 30.',
    ),
  retention_days: PositiveIntSchema.default(90).describe(
    'Days of history kept (revisions beyond it thin to one a day).',
  ),
});

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'silent'] as const;

export const LoggingSchema = z.object({
  level: z.enum(LOG_LEVELS).default('info').describe('Log level of the service.'),
  status_interval_seconds: z
    .number()
    .int()
    .nonnegative()
    .default(0)
    .describe('Seconds between status summary log lines; 0 disables them.'),
});

export const ServerSchema = z.object({
  host: HostNameSchema.default('127.0.0.1').describe('Address the HTTP server binds to.'),
  port: z.number().int().min(0).max(65535).default(3001).describe('HTTP port (0 = any free port).'),
  allowed_hosts: z
    .array(HostNameSchema)
    .default([])
    .describe('Extra Host-header names accepted besides loopback names (DNS-rebinding guard).'),
  trusted_proxies: z
    .array(ProxyAddressSchema)
    .default([])
    .describe(
      'Addresses or CIDR ranges of reverse proxies whose X-Forwarded-For is believed (login throttling, logs); empty means the header is ignored.',
    ),
});
