// Small building blocks shared by the config section schemas.
import { z } from 'zod';

/** Field metadata read by the env mapper, the masker and the docs generator. */
export interface ConfigFieldMeta {
  /** Masked in every view (`settings --show`, `get_config`, logs). */
  secret?: boolean;
  /** Extra spellings accepted from env vars and flags, mapped to the canonical value. */
  aliases?: Record<string, string>;
  /** Example shown in docs and scaffolds when there is no default. */
  example?: unknown;
  /**
   * A table of named tables (`[accounts.<name>]`), read from the file only: not a leaf, so no env var, no
   * flag and no single settings key; the docs render it on its own.
   */
  namedTables?: boolean;
}

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const WeekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof WeekdaySchema>;

/** 24-hour clock time "HH:MM". */
export const ClockTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time "HH:MM" (24-hour)');

export const HttpUrlSchema = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });

const DNS_NAME =
  /^(?=.{1,253}\.?$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const IP = [z.ipv4(), z.ipv6()];

/** A host: an IP address or a DNS name (no scheme, port, path or spaces). */
export const HostNameSchema = z
  .string()
  .trim()
  .refine((value) => DNS_NAME.test(value) || IP.some((format) => format.safeParse(value).success), {
    error: (issue) => `'${String(issue.input)}' is not a host name or IP address (no scheme, port or path)`,
  });

export const StringListSchema = z.array(z.string().trim().min(1, 'list entries must not be empty'));

export const PositiveIntSchema = z.number().int().positive();
export const NonNegativeIntSchema = z.number().int().nonnegative();

/** Text that is either absent or non-empty: an empty value is reported rather than silently ignored. */
export const NonEmptyTextSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty (remove the key to leave it unset)');
