// In-memory shapes of the ads API (v12) objects. Stored close to their wire form (snake_case) because the
// ads API returns them nearly verbatim.

export interface AdsEntity {
  id: string;
  account_id?: string;
  deleted: boolean;
  created_at: string;
  updated_at: string;
  [field: string]: unknown;
}

export interface AdsData {
  accounts: Map<string, AdsEntity>;
  /** account id → user id of the owner (never rendered). */
  accountOwners: Map<string, string>;
  fundingInstruments: Map<string, AdsEntity>;
  campaigns: Map<string, AdsEntity>;
  lineItems: Map<string, AdsEntity>;
  promotedTweets: Map<string, AdsEntity>;
  targetingCriteria: Map<string, AdsEntity>;
}

export function emptyAdsData(): AdsData {
  return {
    accounts: new Map(),
    accountOwners: new Map(),
    fundingInstruments: new Map(),
    campaigns: new Map(),
    lineItems: new Map(),
    promotedTweets: new Map(),
    targetingCriteria: new Map(),
  };
}
