// The Settings page's talk with the server: the settings view and the schema as forms, one PATCH per save
// (only the changed keys), and the reads and actions of the page's panels.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PatchSettingsResult, SettingsView } from '../../../../src/contracts/settings.js';
import { api } from '../../api.js';
import { ApiError } from '../../api-request.js';

export type { SettingsView } from '../../../../src/contracts/settings.js';
export type { SettingFieldSpec, SettingsSchemaView } from '../../../../src/contracts/settings-forms.js';
export type Setting = SettingsView['settings'][number];

export const SETTINGS_KEY = ['settings', 'view'] as const;

export function useSettingsView() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api.settings.get() });
}

export function useSettingsSchema() {
  return useQuery({
    queryKey: ['settings', 'schema'],
    queryFn: () => api.settings.schema(),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useToolCatalog() {
  return useQuery({
    queryKey: ['settings', 'tools'],
    queryFn: () => api.settings.tools(),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface PatchBody {
  set: Record<string, unknown>;
  unset: string[];
}

/** A refused save: the server's issues by key (nothing was written). */
export interface SaveIssue {
  key: string;
  message: string;
}

export function issuesOf(error: unknown): SaveIssue[] | undefined {
  if (!(error instanceof ApiError) || error.code !== 'validation_error') return undefined;
  const issues = (error.details as { issues?: Array<{ key?: string; path?: string; message: string }> })
    ?.issues;
  return issues?.map((issue) => ({ key: issue.key ?? issue.path ?? '', message: issue.message }));
}

/** Saves one patch; the answer's view replaces the page's copy, so every form shows what the file now says. */
export function usePatchSettings() {
  const client = useQueryClient();
  return async (body: PatchBody): Promise<PatchSettingsResult> => {
    const result = await api.settings.update(body);
    const { changed: _changed, restart_required: _restart, ...view } = result;
    client.setQueryData(SETTINGS_KEY, view);
    return result;
  };
}

/** The field a server issue belongs to: its key, or the field whose key starts it (`a.b[0].c` → `a.b`). */
export function fieldForIssue(issueKey: string, fieldKeys: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const key of fieldKeys) {
    const matches = issueKey === key || issueKey.startsWith(`${key}.`) || issueKey.startsWith(`${key}[`);
    if (matches && (!best || key.length > best.length)) best = key;
  }
  return best;
}
