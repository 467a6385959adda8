// Pure rules read from the config: effective approval mode, quickstart completeness, enrichment
// stages, and which content sources may run in the current deployment mode.
import type { Config, DeploymentMode } from '../../contracts/config/config.js';
import type { ContentSource, SourceType } from '../../contracts/config/content-sources.js';
import { getPath } from './object-path.js';

/** `mode = composer` forces approval on; otherwise the configured flag decides. */
export function effectiveApprovalMode(config: Pick<Config, 'mode' | 'approval_mode'>): boolean {
  return config.approval_mode || config.mode === 'composer';
}

/** The spec's five quickstart fields that are still missing, as dotted keys. */
export function missingQuickstartFields(config: Config): string[] {
  const missing: string[] = [];
  if (!config.business.product_name) missing.push('business.product_name');
  if (config.business.product_keywords.length === 0) missing.push('business.product_keywords');
  if (!config.llm.provider) missing.push('llm.provider');
  if (config.llm.provider !== 'ollama' && !config.llm.api_key) missing.push('llm.api_key');
  // The scraper backend needs no OAuth app.
  if (config.social_api.provider_backend === 'social_api' && !config.social_api.client_id) {
    missing.push('social_api.client_id');
  }
  return missing;
}

export const ENRICHMENT_STAGES = [
  {
    id: 'voice',
    title: 'Voice',
    fields: ['business.brand_voice', 'business.reply_style', 'business.content_style'],
  },
  {
    id: 'persona',
    title: 'Persona',
    fields: ['business.persona_opinions', 'business.persona_experiences', 'business.content_pillars'],
  },
  { id: 'targeting', title: 'Targeting', fields: ['targets.accounts', 'business.competitor_keywords'] },
] as const;

export type EnrichmentStageId = (typeof ENRICHMENT_STAGES)[number]['id'];

export interface EnrichmentStageStatus {
  id: EnrichmentStageId;
  title: string;
  fields: readonly string[];
  missing: string[];
  complete: boolean;
}

function isFilled(config: Config, key: string): boolean {
  const value = getPath(config, key);
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

/** Voice → Persona → Targeting, each complete when all of its fields are filled; `next` is the first incomplete. */
export function enrichmentStatus(config: Config): {
  stages: EnrichmentStageStatus[];
  next?: EnrichmentStageId;
} {
  const stages = ENRICHMENT_STAGES.map((stage) => {
    const missing = stage.fields.filter((field) => !isFilled(config, field));
    return {
      id: stage.id,
      title: stage.title,
      fields: stage.fields,
      missing,
      complete: missing.length === 0,
    };
  });
  return { stages, next: stages.find((stage) => !stage.complete)?.id };
}

/** The spec's deployment-mode capability matrix. */
export const SOURCE_CAPABILITIES: Record<DeploymentMode, Record<SourceType | 'manual_ingest', boolean>> = {
  desktop: { local_fs: true, cloud_drive: true, manual_ingest: true },
  self_host: { local_fs: true, cloud_drive: true, manual_ingest: true },
  cloud: { local_fs: false, cloud_drive: true, manual_ingest: true },
};

export function isSourceAllowed(mode: DeploymentMode, type: SourceType): boolean {
  return SOURCE_CAPABILITIES[mode][type];
}

export function isSourceEnabled(source: ContentSource): boolean {
  return source.enabled ?? source.watch;
}

/** Local sources write back by default; the drive is read-only. */
export function effectiveLoopBack(source: ContentSource): boolean {
  return source.loop_back_enabled ?? source.source_type === 'local_fs';
}

/** How a drive source authenticates: a linked connection wins over a legacy key file. */
export function driveCredential(source: ContentSource): 'connection' | 'service_account' | 'none' {
  if (source.connection_id !== undefined) return 'connection';
  return source.service_account_key ? 'service_account' : 'none';
}

export interface RunnableSources {
  runnable: Array<{ index: number; source: ContentSource }>;
  skipped: Array<{ index: number; source: ContentSource; reason: string }>;
}

/** Sources the runtime should start; entries not allowed in this deployment mode are kept in config but skipped. */
export function runnableSources(config: Config): RunnableSources {
  const result: RunnableSources = { runnable: [], skipped: [] };
  config.content_sources.sources.forEach((source, index) => {
    if (!isSourceEnabled(source)) result.skipped.push({ index, source, reason: 'disabled' });
    else if (!isSourceAllowed(config.deployment_mode, source.source_type))
      result.skipped.push({
        index,
        source,
        reason: `${source.source_type} sources are not available in ${config.deployment_mode} deployment`,
      });
    else result.runnable.push({ index, source });
  });
  return result;
}
