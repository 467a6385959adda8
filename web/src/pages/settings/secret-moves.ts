// What a section's unsaved changes would do to a stored secret: the server never sends one to another
// origin than it was stored with (core/domain/secret-destinations), so a form that points an endpoint
// elsewhere without a new secret says so, and its save removes the stored one (if the file holds it).
import { movedSecrets } from '../../../../src/core/domain/secret-destinations.js';
import { type FieldDraft, parseDraft } from './form-values.js';
import type { Setting, SettingFieldSpec } from './settings-api.js';

export interface SecretMove {
  secret: string;
  label: string;
  from: string[];
  to: string[];
  /** Where the secret comes from, when not from the file: then the save cannot remove it. */
  setBy?: string;
}

export function secretMoves(
  fields: readonly SettingFieldSpec[],
  settings: ReadonlyMap<string, Setting>,
  drafts: Record<string, FieldDraft>,
  edited: ReadonlySet<string>,
): SecretMove[] {
  const saved = (key: string): unknown => settings.get(key)?.value ?? undefined;
  const unsaved = (key: string): unknown => {
    const field = fields.find((f) => f.key === key);
    const draft = drafts[key];
    if (!field || !edited.has(key) || draft === undefined) return saved(key);
    const parsed = parseDraft(field, draft);
    if ('set' in parsed) return parsed.set;
    if ('unset' in parsed) return field.has_default ? (field.default ?? undefined) : undefined;
    return saved(key);
  };
  const setAnew = new Set(
    [...edited].filter((key) => typeof drafts[key] === 'string' && (drafts[key] as string).trim() !== ''),
  );
  return movedSecrets(saved, unsaved, setAnew)
    .filter(({ binding }) => fields.some((f) => f.key === binding.secret))
    .map(({ binding, from, to }) => {
      const source = settings.get(binding.secret)?.source;
      return {
        secret: binding.secret,
        label: binding.label,
        from,
        to,
        ...(source?.kind === 'env'
          ? { setBy: source.name }
          : source?.kind === 'flag'
            ? { setBy: 'a flag' }
            : {}),
      };
    });
}

/** The sentence the form shows for a move. */
export function describeMove(move: SecretMove): string {
  const label = move.label.charAt(0).toUpperCase() + move.label.slice(1);
  const where = `${label} is only ever sent to ${move.from.join(' and ')}, and this change points it at ${move.to.join(' and ') || 'another endpoint'}.`;
  return move.setBy
    ? `${where} It is set by ${move.setBy}: change the endpoint where it is set.`
    : `${where} Saving removes the stored one; type it for the new endpoint to keep one.`;
}
