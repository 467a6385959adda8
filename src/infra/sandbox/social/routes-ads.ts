// Ads API v12 (/12/...): accounts, campaigns, line items, promoted posts, targeting criteria, funding
// instruments and account stats, in the ads envelope {request:{params}, data, next_cursor, total_count}.
import type { AdsData, AdsEntity } from './ads-model.js';
import { adsStats } from './ads-stats.js';
import { FakeApiError } from './problems.js';
import { type ApiContext, type ApiResult, type ApiRoute, ok } from './route-kit.js';

type Params = Record<string, unknown>;
type Collection = Exclude<keyof AdsData, 'accounts' | 'accountOwners'>;

const READ = ['ads.read'];
const WRITE = ['ads.read', 'ads.write'];
const ACCOUNT = '/12/accounts/:account_id';

export function adsRoutes(): ApiRoute[] {
  return [
    {
      method: 'GET',
      url: '/12/accounts',
      scopes: READ,
      handler: (ctx) => {
        const mine = [...ctx.state.ads.accounts.values()].filter(
          (account) => ctx.state.ads.accountOwners.get(account.id) === ctx.user.id,
        );
        return adsList(ctx, mine, [['account_ids', 'id']]);
      },
    },
    { method: 'GET', url: ACCOUNT, scopes: READ, handler: (ctx) => adsOne(ctx, account(ctx)) },
    listRoute('campaigns', 'campaigns', [['campaign_ids', 'id']]),
    oneRoute('campaigns/:campaign_id', 'campaigns', 'campaign_id', 'Campaign'),
    {
      method: 'POST',
      url: `${ACCOUNT}/campaigns`,
      scopes: WRITE,
      handler: (ctx) => {
        const acc = account(ctx);
        const p = params(ctx);
        const name = required(p, 'name');
        const fundingId = required(p, 'funding_instrument_id');
        const funding = ctx.state.ads.fundingInstruments.get(fundingId);
        if (!funding || funding.account_id !== acc.id) {
          throw adsFail(
            400,
            'INVALID_PARAMETER',
            `Invalid funding_instrument_id: ${fundingId}`,
            p,
            'funding_instrument_id',
          );
        }
        const campaign = create(ctx, 'campaigns', {
          account_id: acc.id,
          name,
          funding_instrument_id: fundingId,
          entity_status: status(p, 'PAUSED'),
          daily_budget_amount_local_micro: micro(p, 'daily_budget_amount_local_micro'),
          total_budget_amount_local_micro: micro(p, 'total_budget_amount_local_micro'),
          start_time: p.start_time ?? null,
          end_time: p.end_time ?? null,
          currency: funding.currency,
          standard_delivery: true,
          servable: true,
          reasons_not_servable: [],
          frequency_cap: null,
          duration_in_days: null,
          purchase_order_number: null,
        });
        return adsOne(ctx, campaign, 200);
      },
    },
    {
      method: 'PUT',
      url: `${ACCOUNT}/campaigns/:campaign_id`,
      scopes: WRITE,
      handler: (ctx) => {
        const campaign = owned(ctx, 'campaigns', 'campaign_id', 'Campaign');
        const p = params(ctx);
        if (typeof p.name === 'string') campaign.name = p.name;
        if (p.entity_status !== undefined || p.status !== undefined)
          campaign.entity_status = status(p, 'PAUSED');
        if (p.daily_budget_amount_local_micro !== undefined)
          campaign.daily_budget_amount_local_micro = micro(p, 'daily_budget_amount_local_micro');
        if (p.start_time !== undefined) campaign.start_time = p.start_time;
        if (p.end_time !== undefined) campaign.end_time = p.end_time;
        campaign.updated_at = stamp(ctx);
        return adsOne(ctx, campaign);
      },
    },
    deleteRoute('campaigns/:campaign_id', 'campaigns', 'campaign_id', 'Campaign'),
    listRoute('line_items', 'lineItems', [
      ['campaign_ids', 'campaign_id'],
      ['line_item_ids', 'id'],
    ]),
    {
      method: 'POST',
      url: `${ACCOUNT}/line_items`,
      scopes: WRITE,
      handler: (ctx) => {
        const acc = account(ctx);
        const p = params(ctx);
        const campaignId = required(p, 'campaign_id');
        for (const name of ['bid_amount_local_micro', 'product_type', 'placements', 'objective'])
          required(p, name);
        const campaign = ctx.state.ads.campaigns.get(campaignId);
        if (!campaign || campaign.account_id !== acc.id || campaign.deleted) {
          throw adsFail(404, 'NOT_FOUND', 'Campaign not found', p);
        }
        const placements = Array.isArray(p.placements)
          ? p.placements.map(String)
          : String(p.placements).split(',');
        const item = create(ctx, 'lineItems', {
          account_id: acc.id,
          campaign_id: campaignId,
          name: typeof p.name === 'string' ? p.name : null,
          bid_amount_local_micro: micro(p, 'bid_amount_local_micro'),
          bid_strategy: typeof p.bid_type === 'string' ? p.bid_type : 'MAX',
          product_type: p.product_type,
          placements,
          objective: p.objective,
          total_budget_amount_local_micro: micro(p, 'total_budget_amount_local_micro'),
          entity_status: status(p, 'PAUSED'),
          currency: campaign.currency,
          pay_by: 'IMPRESSION',
          creative_source: 'MANUAL',
          advertiser_user_id: ctx.user.id,
        });
        return adsOne(ctx, item);
      },
    },
    listRoute('promoted_tweets', 'promotedTweets', [['line_item_ids', 'line_item_id']]),
    {
      method: 'POST',
      url: `${ACCOUNT}/promoted_tweets`,
      scopes: WRITE,
      handler: (ctx) => {
        const acc = account(ctx);
        const p = params(ctx);
        const lineItem = lineItemOf(ctx, acc.id, required(p, 'line_item_id'), p);
        const ids = Array.isArray(p.tweet_ids)
          ? p.tweet_ids.map(String)
          : required(p, 'tweet_ids').split(',');
        for (const id of ids) {
          if (!ctx.state.tweets.has(id))
            throw adsFail(400, 'INVALID_PARAMETER', `Invalid tweet_ids: ${id}`, p, 'tweet_ids');
        }
        const created = ids.map((tweetId) =>
          create(ctx, 'promotedTweets', {
            account_id: acc.id,
            line_item_id: lineItem.id,
            tweet_id: tweetId,
            entity_status: 'ACTIVE',
            approval_status: 'ACCEPTED',
          }),
        );
        return ok({ request: { params: p }, data: created.map(publicView), total_count: created.length });
      },
    },
    listRoute('targeting_criteria', 'targetingCriteria', [['line_item_ids', 'line_item_id']]),
    {
      method: 'POST',
      url: `${ACCOUNT}/targeting_criteria`,
      scopes: WRITE,
      handler: (ctx) => {
        const acc = account(ctx);
        const p = params(ctx);
        const lineItem = lineItemOf(ctx, acc.id, required(p, 'line_item_id'), p);
        const type = required(p, 'targeting_type');
        const value = required(p, 'targeting_value');
        const criterion = create(ctx, 'targetingCriteria', {
          account_id: acc.id,
          line_item_id: lineItem.id,
          targeting_type: type,
          targeting_value: value,
          name: `${type.toLowerCase()}: ${value}`,
          operator_type: typeof p.operator_type === 'string' ? p.operator_type : 'EQ',
        });
        return adsOne(ctx, criterion);
      },
    },
    deleteRoute('targeting_criteria/:id', 'targetingCriteria', 'id', 'Targeting criterion'),
    listRoute('funding_instruments', 'fundingInstruments', [['funding_instrument_ids', 'id']]),
    {
      method: 'GET',
      url: '/12/stats/accounts/:account_id',
      scopes: READ,
      handler: (ctx) => {
        const p = params(ctx);
        account(ctx);
        for (const name of ['entity', 'entity_ids', 'start_time', 'end_time', 'metric_groups'])
          required(p, name);
        const body = adsStats(p, (status, code, message, parameter) =>
          adsFail(status, code, message, p, parameter),
        );
        return ok({ ...body, request: { params: p } });
      },
    },
  ];
}

function params(ctx: ApiContext): Params {
  const body =
    ctx.body && typeof ctx.body === 'object' && !Buffer.isBuffer(ctx.body) ? (ctx.body as Params) : {};
  return { ...ctx.query, ...body, ...ctx.params };
}

function adsFail(status: number, code: string, message: string, p: Params, parameter?: string): FakeApiError {
  return new FakeApiError(status, {
    errors: [{ code, message, ...(parameter ? { parameter } : {}) }],
    request: { params: p },
  });
}

function required(p: Params, name: string): string {
  const value = p[name];
  if (value === undefined || value === null || value === '') {
    throw adsFail(400, 'MISSING_PARAMETER', `"${name}" is a required parameter`, p, name);
  }
  return Array.isArray(value) ? value.join(',') : String(value);
}

function micro(p: Params, name: string): number | null {
  const value = p[name];
  if (value === undefined || value === null || value === '') return null;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    throw adsFail(
      400,
      'INVALID_PARAMETER',
      `Expected a non-negative integer for ${name}, got ${String(value)}`,
      p,
      name,
    );
  }
  return number;
}

function status(p: Params, fallback: string): string {
  const value = String(p.entity_status ?? p.status ?? fallback).toUpperCase();
  if (!['ACTIVE', 'PAUSED', 'DRAFT'].includes(value)) {
    throw adsFail(
      400,
      'INVALID_PARAMETER',
      `Expected one of ACTIVE, PAUSED, DRAFT for entity_status, got ${value}`,
      p,
      'entity_status',
    );
  }
  return value;
}

function stamp(ctx: ApiContext): string {
  return new Date(ctx.state.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function account(ctx: ApiContext): AdsEntity {
  const id = ctx.params.account_id ?? '';
  const found = ctx.state.ads.accounts.get(id);
  if (!found || (found.deleted && params(ctx).with_deleted !== 'true')) {
    throw adsFail(404, 'NOT_FOUND', 'Account not found', params(ctx));
  }
  if (ctx.state.ads.accountOwners.get(id) !== ctx.user.id) {
    throw adsFail(403, 'UNAUTHORIZED_ACCESS', 'This request is not authorized to access this account', {});
  }
  return found;
}

function owned(ctx: ApiContext, collection: Collection, param: string, label: string): AdsEntity {
  const acc = account(ctx);
  const entity = ctx.state.ads[collection].get(ctx.params[param] ?? '');
  const visible =
    entity && entity.account_id === acc.id && (!entity.deleted || params(ctx).with_deleted === 'true');
  if (!entity || !visible) throw adsFail(404, 'NOT_FOUND', `${label} not found`, params(ctx));
  return entity;
}

function lineItemOf(ctx: ApiContext, accountId: string, id: string, p: Params): AdsEntity {
  const item = ctx.state.ads.lineItems.get(id);
  if (!item || item.account_id !== accountId || item.deleted)
    throw adsFail(404, 'NOT_FOUND', 'Line item not found', p);
  return item;
}

function create(ctx: ApiContext, collection: Collection, fields: Record<string, unknown>): AdsEntity {
  const now = stamp(ctx);
  const entity: AdsEntity = {
    ...fields,
    id: ctx.state.ids.adsId(),
    created_at: now,
    updated_at: now,
    deleted: false,
  };
  ctx.state.ads[collection].set(entity.id, entity);
  return entity;
}

function publicView(entity: AdsEntity): Record<string, unknown> {
  return { ...entity };
}

function adsOne(ctx: ApiContext, entity: AdsEntity, status = 200): ApiResult {
  return ok({ request: { params: params(ctx) }, data: publicView(entity) }, status);
}

function adsList(ctx: ApiContext, items: AdsEntity[], filters: Array<[string, string]>): ApiResult {
  const p = params(ctx);
  let visible = p.with_deleted === 'true' ? items : items.filter((item) => !item.deleted);
  for (const [param, field] of filters) {
    const raw = p[param];
    if (typeof raw === 'string' && raw !== '') {
      const wanted = new Set(raw.split(','));
      visible = visible.filter((item) => wanted.has(String(item[field])));
    }
  }
  const count = p.count === undefined ? 200 : Number(p.count);
  if (!Number.isInteger(count) || count < 1 || count > 1000) {
    throw adsFail(
      400,
      'INVALID_PARAMETER',
      `Expected an integer between 1 and 1000 for count, got ${String(p.count)}`,
      p,
      'count',
    );
  }
  const offset = typeof p.cursor === 'string' && p.cursor !== '' ? decodeCursor(p.cursor, p) : 0;
  const slice = visible.slice(offset, offset + count);
  const next = offset + slice.length < visible.length ? encodeCursor(offset + slice.length) : null;
  return ok({
    request: { params: p },
    data: slice.map(publicView),
    next_cursor: next,
    total_count: visible.length,
  });
}

function encodeCursor(offset: number): string {
  return `c${(offset * 7_919 + 104_729).toString(36)}`;
}

function decodeCursor(cursor: string, p: Params): number {
  const raw = Number.parseInt(cursor.slice(1), 36) - 104_729;
  if (!cursor.startsWith('c') || Number.isNaN(raw) || raw < 0 || raw % 7_919 !== 0) {
    throw adsFail(400, 'INVALID_PARAMETER', `Invalid cursor: ${cursor}`, p, 'cursor');
  }
  return raw / 7_919;
}

function listRoute(path: string, collection: Collection, filters: Array<[string, string]>): ApiRoute {
  return {
    method: 'GET',
    url: `${ACCOUNT}/${path}`,
    scopes: READ,
    handler: (ctx) => {
      const acc = account(ctx);
      const items = [...ctx.state.ads[collection].values()].filter((item) => item.account_id === acc.id);
      return adsList(ctx, items, filters);
    },
  };
}

function oneRoute(path: string, collection: Collection, param: string, label: string): ApiRoute {
  return {
    method: 'GET',
    url: `${ACCOUNT}/${path}`,
    scopes: READ,
    handler: (ctx) => adsOne(ctx, owned(ctx, collection, param, label)),
  };
}

function deleteRoute(path: string, collection: Collection, param: string, label: string): ApiRoute {
  return {
    method: 'DELETE',
    url: `${ACCOUNT}/${path}`,
    scopes: WRITE,
    handler: (ctx) => {
      const entity = owned(ctx, collection, param, label);
      entity.deleted = true;
      entity.updated_at = stamp(ctx);
      if (collection === 'campaigns') entity.entity_status = 'PAUSED';
      return adsOne(ctx, entity);
    },
  };
}
