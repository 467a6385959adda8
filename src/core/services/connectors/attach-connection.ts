// After a link, the new connection becomes a drive source's `connection_id` through the settings: one
// change of the config file, which the running service (and its note sources) picks up like any edit.
// The entry is chosen so that linking does what the user meant: a drive source still waiting for an
// account, else one whose account is gone or no longer active (a re-link), else a new entry for the whole
// drive. The file's own values are edited, so defaults are never written into it.
import type { SettingsStore } from '../../ports/settings-store.js';

const KEY = 'content_sources.sources';

export interface Attached {
  /** Index of the entry in `[[content_sources.sources]]` that now names the connection. */
  source_index: number;
  added: boolean;
}

type Entry = Record<string, unknown>;

const isDrive = (entry: Entry) => entry.source_type === 'cloud_drive';

/** Writes `connection_id` into the chosen entry; `usable` says whether a connection id still works. */
export function attachConnection(
  settings: SettingsStore,
  connectionId: number,
  usable: (id: number) => boolean,
): Attached {
  const raw = settings.fileValue(KEY);
  const entries: Entry[] = Array.isArray(raw) ? raw.map((entry) => ({ ...(entry as Entry) })) : [];
  const already = entries.findIndex((e) => isDrive(e) && e.connection_id === connectionId);
  if (already >= 0) return { source_index: already, added: false };
  let index = entries.findIndex(
    (e) => isDrive(e) && e.connection_id === undefined && e.service_account_key === undefined,
  );
  if (index < 0)
    index = entries.findIndex(
      (e) => isDrive(e) && typeof e.connection_id === 'number' && !usable(e.connection_id),
    );
  const added = index < 0;
  if (added) {
    entries.push({ source_type: 'cloud_drive', connection_id: connectionId });
    index = entries.length - 1;
  } else {
    (entries[index] as Entry).connection_id = connectionId;
  }
  settings.write([{ key: KEY, value: entries }]);
  return { source_index: index, added };
}
