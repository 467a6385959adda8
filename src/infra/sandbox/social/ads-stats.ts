// Synthetic but stable ads analytics for GET /12/stats/accounts/:account_id: the same entity and day
// always yield the same numbers, so tests can assert on them.
import type { FakeApiError } from './problems.js';

type Fail = (status: number, code: string, message: string, parameter?: string) => FakeApiError;

const ENTITIES = [
  'ACCOUNT',
  'CAMPAIGN',
  'FUNDING_INSTRUMENT',
  'LINE_ITEM',
  'PROMOTED_TWEET',
  'MEDIA_CREATIVE',
];
const GROUPS: Record<string, string[]> = {
  ENGAGEMENT: [
    'impressions',
    'engagements',
    'retweets',
    'replies',
    'likes',
    'follows',
    'clicks',
    'url_clicks',
  ],
  BILLING: ['billed_engagements', 'billed_charge_local_micro'],
  VIDEO: ['video_total_views', 'video_views_25', 'video_views_50', 'video_views_75', 'video_views_100'],
  WEB_CONVERSION: ['conversion_purchases', 'conversion_sign_ups'],
  MOBILE_CONVERSION: ['mobile_conversion_installs'],
  MEDIA: ['media_views', 'media_engagements'],
  LIFE_TIME_VALUE_MOBILE_CONVERSION: ['mobile_conversion_lifetime_value_purchases'],
};
const STEP = { HOUR: 3_600_000, DAY: 86_400_000 } as const;

export function adsStats(p: Record<string, unknown>, fail: Fail): Record<string, unknown> {
  const entity = String(p.entity).toUpperCase();
  if (!ENTITIES.includes(entity)) throw fail(400, 'INVALID_PARAMETER', `Invalid entity: ${entity}`, 'entity');
  const ids = String(p.entity_ids).split(',').filter(Boolean);
  if (ids.length > 20)
    throw fail(400, 'INVALID_PARAMETER', 'At most 20 entity_ids are allowed', 'entity_ids');
  const granularity = String(p.granularity ?? 'DAY').toUpperCase();
  if (granularity !== 'HOUR' && granularity !== 'DAY' && granularity !== 'TOTAL') {
    throw fail(400, 'INVALID_PARAMETER', `Invalid granularity: ${granularity}`, 'granularity');
  }
  const start = Date.parse(String(p.start_time));
  const end = Date.parse(String(p.end_time));
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) {
    throw fail(400, 'INVALID_PARAMETER', 'start_time must be before end_time', 'end_time');
  }
  if (end - start > 7 * STEP.DAY)
    throw fail(400, 'INVALID_PARAMETER', 'Time range must be 7 days or less', 'end_time');
  const groups = String(p.metric_groups)
    .split(',')
    .map((group) => group.toUpperCase());
  for (const group of groups) {
    if (!GROUPS[group])
      throw fail(400, 'INVALID_PARAMETER', `Invalid metric_groups: ${group}`, 'metric_groups');
  }
  const step = granularity === 'TOTAL' ? end - start : STEP[granularity];
  const buckets = Math.max(1, Math.ceil((end - start) / step));
  const data = ids.map((id) => {
    const metrics: Record<string, number[]> = {};
    for (const group of groups) {
      for (const metric of GROUPS[group] ?? []) {
        metrics[metric] = Array.from({ length: buckets }, (_, index) =>
          stableNumber(`${id}:${metric}:${start + index * step}`),
        );
      }
    }
    return { id, id_data: [{ segment: null, metrics }] };
  });
  return { data_type: 'stats', time_series_length: buckets, data };
}

function stableNumber(seed: string): number {
  let hash = 2_166_136_261;
  for (const char of seed) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16_777_619) >>> 0;
  return hash % 1000;
}
