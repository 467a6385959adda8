// The account's timezone ([schedule] timezone, UTC by default): schedule times are entered and shown in it,
// always labelled, on every page that shows times of posts.
import { useQuery } from '@tanstack/react-query';
import { api } from './api.js';

/** The part of the effective config (a record in the settings view) this reads. */
type Zoned = { schedule: { timezone: string } };

/** The timezone once the settings are read (undefined before), with the error when they cannot be. */
export function useTimezone(): { timezone?: string; error?: Error } {
  const settings = useQuery({
    queryKey: ['settings'],
    queryFn: () => api.settings.get(),
    staleTime: 60_000,
  });
  return {
    ...(settings.data ? { timezone: (settings.data.config as Zoned).schedule.timezone } : {}),
    ...(settings.error ? { error: settings.error as Error } : {}),
  };
}

/** `2026-11-25T09:30:00Z` shown in the account's timezone. */
export function inZone(
  iso: string,
  timeZone: string,
  style: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  try {
    return new Intl.DateTimeFormat(undefined, { ...style, timeZone }).format(new Date(iso));
  } catch {
    return iso;
  }
}
