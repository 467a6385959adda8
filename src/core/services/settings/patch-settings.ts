// Changing settings: one patch of key paths becomes one saved change of the config file, and the answer
// says which of the changed keys wait for a restart.
import {
  type PatchSettings,
  type PatchSettingsResult,
  restartReason,
  type SettingEdit,
} from '../../../contracts/settings.js';
import type { SettingsStore } from '../../ports/settings-store.js';
import { keepSecretsWhereStored } from './keep-secrets-where-stored.js';

/**
 * Applies `set` (a null value removes the key) and `unset` as one change: every problem is reported
 * together and nothing is written unless all of it is valid. A stored secret is never pointed at another
 * endpoint by this path without the secret itself (keepSecretsWhereStored).
 */
export function patchSettings(store: SettingsStore, patch: PatchSettings): PatchSettingsResult {
  const edits: SettingEdit[] = [
    ...Object.entries(patch.set).map(([key, value]) => ({ key, value: value ?? undefined })),
    ...patch.unset.map((key) => ({ key, value: undefined })),
  ];
  const setAnew = new Set(edits.filter((edit) => edit.value !== undefined).map((edit) => edit.key));
  const { view, changed } = store.write(edits, keepSecretsWhereStored(setAnew));
  const restart_required = changed.flatMap((key) => {
    const reason = restartReason(key);
    return reason ? [{ key, reason }] : [];
  });
  return { ...view, changed, restart_required };
}
