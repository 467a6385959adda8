import { describe, expect, it } from 'vitest';
import { type ConfigInput, ConfigSchema } from '../../contracts/config/config.js';
import {
  driveCredential,
  effectiveApprovalMode,
  effectiveLoopBack,
  enrichmentStatus,
  missingQuickstartFields,
  runnableSources,
} from './config-rules.js';

const config = (input: ConfigInput = {}) => ConfigSchema.parse(input);

describe('effectiveApprovalMode', () => {
  it('is forced on in composer mode and follows the flag in autopilot', () => {
    expect(effectiveApprovalMode(config({ mode: 'composer', approval_mode: false }))).toBe(true);
    expect(effectiveApprovalMode(config({ mode: 'autopilot', approval_mode: false }))).toBe(false);
    expect(effectiveApprovalMode(config({}))).toBe(true);
  });
});

describe('missingQuickstartFields', () => {
  it('lists exactly the five quickstart fields on an empty config', () => {
    expect(missingQuickstartFields(config())).toEqual([
      'business.product_name',
      'business.product_keywords',
      'llm.provider',
      'llm.api_key',
      'social_api.client_id',
    ]);
  });

  it('does not require an API key for ollama', () => {
    const filled = config({
      business: { product_name: 'Acme', product_keywords: ['cli'] },
      llm: { provider: 'ollama' },
      social_api: { client_id: 'id' },
    });
    expect(missingQuickstartFields(filled)).toEqual([]);
    expect(missingQuickstartFields(config({ ...filled, llm: { provider: 'openai' } }))).toEqual([
      'llm.api_key',
    ]);
  });
});

describe('enrichmentStatus', () => {
  it('walks Voice → Persona → Targeting and suggests the first incomplete stage', () => {
    expect(enrichmentStatus(config()).next).toBe('voice');
    const voiced = config({ business: { brand_voice: 'dry', reply_style: 'short', content_style: 'plain' } });
    expect(enrichmentStatus(voiced).next).toBe('persona');
    const persona = config({
      business: {
        brand_voice: 'dry',
        reply_style: 'short',
        content_style: 'plain',
        persona_opinions: ['a'],
        persona_experiences: ['b'],
        content_pillars: ['c'],
      },
    });
    const status = enrichmentStatus(persona);
    expect(status.next).toBe('targeting');
    expect(status.stages.find((s) => s.id === 'targeting')?.missing).toEqual([
      'targets.accounts',
      'business.competitor_keywords',
    ]);
    const all = config({
      ...persona,
      business: { ...persona.business, competitor_keywords: ['x'] },
      targets: { accounts: ['someone'] },
    });
    expect(enrichmentStatus(all).next).toBeUndefined();
  });
});

describe('content sources', () => {
  it('skips local_fs sources at runtime in cloud deployment but keeps drive sources', () => {
    const cloud = config({
      deployment_mode: 'cloud',
      content_sources: { sources: [{ path: '/notes' }, { source_type: 'cloud_drive', connection_id: 1 }] },
    });
    const result = runnableSources(cloud);
    expect(result.runnable.map((r) => r.index)).toEqual([1]);
    expect(result.skipped).toEqual([
      expect.objectContaining({ index: 0, reason: 'local_fs sources are not available in cloud deployment' }),
    ]);
    const desktop = runnableSources(config({ ...cloud, deployment_mode: 'desktop' }));
    expect(desktop.runnable.map((r) => r.index)).toEqual([0, 1]);
  });

  it('uses connection_id over a service-account key, and loop-back defaults by type', () => {
    const [drive, local] = config({
      content_sources: {
        sources: [
          { source_type: 'cloud_drive', connection_id: 2, service_account_key: '/k.json' },
          { path: '/n' },
        ],
      },
    }).content_sources.sources;
    if (!drive || !local) throw new Error('expected two sources');
    expect(driveCredential(drive)).toBe('connection');
    expect(effectiveLoopBack(drive)).toBe(false);
    expect(effectiveLoopBack(local)).toBe(true);
  });
});
