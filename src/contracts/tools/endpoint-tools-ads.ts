// Endpoint-table tools over the ads API, version 12, on the ads host (spec: Ads tools; admin only). The
// service enforces no spend or budget caps: every mutation is policy-gated and audit-logged instead.
import type { SocialEndpoint } from '../social-endpoint.js';
import { ADMIN, type EndpointParam, type EndpointToolDefinition, param, req } from './endpoint-tools-kit.js';

const ads = (method: SocialEndpoint['method'], path: string): SocialEndpoint => ({
  method,
  host: 'ads',
  path: `/12${path}`,
  scopes: method === 'GET' ? ['ads.read'] : ['ads.read', 'ads.write'],
});

const account = req(param.key('account_id', 'Id of the ads account.'));
const campaignId = req(param.key('campaign_id', 'Id of the campaign.'));
const lineItemId = req(param.key('line_item_id', 'Id of the line item.'));
const withDeleted = param.boolean('with_deleted', 'Include deleted entities.', { default: false });
const paging: EndpointParam[] = [
  withDeleted,
  param.text('cursor', 'next_cursor from the previous page.'),
  param.integer('count', 'Entities per page (1-1000).', { min: 1, max: 1000, default: 200 }),
];
const status = (fallback?: string) =>
  param.choice('status', ['ACTIVE', 'PAUSED', 'DRAFT'], 'Entity status.', {
    wire: 'entity_status',
    ...(fallback ? { default: fallback } : {}),
  });
const micro = (name: string, what: string) =>
  param.integer(name, `${what}, in micros of the account currency (1 unit = 1,000,000).`, { min: 0 });
const campaignFields = (creating: boolean): EndpointParam[] => [
  creating ? req(param.text('name', 'Campaign name.')) : param.text('name', 'New campaign name.'),
  ...(creating ? [req(param.key('funding_instrument_id', 'Funding instrument that pays.'))] : []),
  status(creating ? 'PAUSED' : undefined),
  micro('daily_budget_amount_local_micro', 'Daily budget'),
  param.time('start_time', 'When the campaign starts (ISO 8601).'),
  param.time('end_time', 'When the campaign ends (ISO 8601).'),
];

const tool = (
  name: string,
  summary: string,
  endpoint: SocialEndpoint,
  params: EndpointParam[],
): EndpointToolDefinition => ({
  name: `social_ads_${name}`,
  summary: endpoint.method === 'GET' ? summary : `${summary} (policy-gated, audit-logged).`,
  group: 'ads',
  category: 'ads',
  endpoint,
  profiles: ADMIN,
  params,
  ...(endpoint.method === 'GET' ? {} : { policy: 'write' as const }),
});

export const ADS_ENDPOINT_TOOLS: readonly EndpointToolDefinition[] = [
  tool('accounts', 'Ads accounts you can use.', ads('GET', '/accounts'), [
    param.key('account_id', 'Only this ads account.', { wire: 'account_ids' }),
    ...paging,
  ]),
  tool('account_by_id', 'One ads account.', ads('GET', '/accounts/{account_id}'), [account, withDeleted]),
  tool(
    'campaigns',
    'Campaigns of an ads account (paged by cursor).',
    ads('GET', '/accounts/{account_id}/campaigns'),
    [
      account,
      param.list('campaign_ids', 'Only these campaigns (comma-separated or array).', { max: 200 }),
      ...paging,
    ],
  ),
  tool(
    'campaign_by_id',
    'One campaign of an ads account.',
    ads('GET', '/accounts/{account_id}/campaigns/{campaign_id}'),
    [account, campaignId, withDeleted],
  ),
  tool(
    'line_items',
    'Line items of an ads account (paged by cursor).',
    ads('GET', '/accounts/{account_id}/line_items'),
    [
      account,
      param.list('campaign_ids', 'Only line items of these campaigns.', { max: 200 }),
      param.list('line_item_ids', 'Only these line items.', { max: 200 }),
      ...paging,
    ],
  ),
  tool(
    'promoted_tweets',
    'Posts promoted by an ads account (paged by cursor).',
    ads('GET', '/accounts/{account_id}/promoted_tweets'),
    [account, param.list('line_item_ids', 'Only promotions of these line items.', { max: 200 }), ...paging],
  ),
  tool(
    'targeting_criteria',
    'Targeting criteria of an ads account (paged by cursor).',
    ads('GET', '/accounts/{account_id}/targeting_criteria'),
    [account, param.list('line_item_ids', 'Only criteria of these line items.', { max: 200 }), ...paging],
  ),
  tool(
    'funding_instruments',
    'Funding instruments (cards, credit lines) of an ads account.',
    ads('GET', '/accounts/{account_id}/funding_instruments'),
    [account, ...paging],
  ),
  tool(
    'analytics',
    'Synchronous stats of ads entities over at most 7 days.',
    ads('GET', '/stats/accounts/{account_id}'),
    [
      account,
      param.choice(
        'entity',
        ['ACCOUNT', 'CAMPAIGN', 'FUNDING_INSTRUMENT', 'LINE_ITEM', 'PROMOTED_TWEET', 'MEDIA_CREATIVE'],
        'Kind of entity measured.',
      ),
      param.list('entity_ids', 'Ids of the entities (up to 20).', { max: 20 }),
      param.time('start_time', 'Start of the period (ISO 8601).'),
      param.time('end_time', 'End of the period (ISO 8601, at most 7 days after start_time).'),
      param.choice('granularity', ['HOUR', 'DAY', 'TOTAL'], 'Bucket size.', { default: 'DAY' }),
      param.list('metric_groups', 'Metric groups, e.g. ENGAGEMENT, BILLING, VIDEO.'),
    ],
  ),
  tool('campaign_create', 'Create a campaign', ads('POST', '/accounts/{account_id}/campaigns'), [
    account,
    ...campaignFields(true),
  ]),
  tool('campaign_update', 'Change a campaign', ads('PUT', '/accounts/{account_id}/campaigns/{campaign_id}'), [
    account,
    campaignId,
    ...campaignFields(false),
  ]),
  tool(
    'campaign_delete',
    'Delete a campaign',
    ads('DELETE', '/accounts/{account_id}/campaigns/{campaign_id}'),
    [account, campaignId],
  ),
  tool(
    'line_item_create',
    'Create a line item in a campaign',
    ads('POST', '/accounts/{account_id}/line_items'),
    [
      account,
      campaignId,
      req(micro('bid_amount_local_micro', 'Bid')),
      req(param.text('product_type', 'What is promoted, e.g. PROMOTED_TWEETS.')),
      req(param.list('placements', 'Where it runs, e.g. ALL_ON_TWITTER or TWITTER_TIMELINE.')),
      req(param.text('objective', 'Campaign objective, e.g. ENGAGEMENTS or WEBSITE_CLICKS.')),
      param.text('bid_type', 'Bidding strategy, e.g. MAX, AUTO or TARGET.'),
      micro('total_budget_amount_local_micro', 'Total budget'),
    ],
  ),
  tool(
    'promoted_tweet_create',
    'Promote posts under a line item',
    ads('POST', '/accounts/{account_id}/promoted_tweets'),
    [account, lineItemId, req(param.idList('tweet_ids', 'Ids of the posts to promote.', { max: 50 }))],
  ),
  tool(
    'targeting_create',
    'Add a targeting criterion to a line item',
    ads('POST', '/accounts/{account_id}/targeting_criteria'),
    [
      account,
      lineItemId,
      req(param.text('targeting_type', 'Kind of targeting, e.g. LOCATION, INTEREST, KEYWORD.')),
      req(param.text('targeting_value', 'The value targeted, e.g. a location key or a keyword.')),
    ],
  ),
  tool(
    'targeting_delete',
    'Remove a targeting criterion',
    ads('DELETE', '/accounts/{account_id}/targeting_criteria/{id}'),
    [account, req(param.key('id', 'Id of the targeting criterion.'))],
  ),
];
