// Every platform call is recorded so a budget view can show usage and cost per endpoint, day and actor.
import type { PlatformCharge } from '../domain/platform-prices.js';

export interface ApiCall {
  host: string;
  method: string;
  /** The endpoint template, e.g. `/2/users/{id}/tweets`, so calls group by endpoint, not by id. */
  endpoint: string;
  /** 0 when no HTTP answer arrived. */
  status: number;
  latencyMs: number;
  errorCode?: string;
  /**
   * What a successful official-API call is on the platform's bill (price kind, the resource ids its answer
   * returned), classified where the answer is parsed. The recorder prices it: the once-a-day rule for
   * resources and the summoned-reply lookup need its ledger. Absent: recorded at cost 0 (failed calls,
   * OAuth, media upload, the scraper, endpoints the price table does not name).
   */
  charge?: PlatformCharge;
}

export interface ApiUsageRecorder {
  /** Records the call (awaited: the call's caller learns of a failed write). */
  record(call: ApiCall): Promise<void>;
}

/** Spend per actor of the api_usage rows recorded after one row, read incrementally (the budget's ledger). */
export interface ApiSpendLedger {
  /**
   * The rows after row `afterId` created at or after `since`, summed per actor (`loop:<name>`, a face, null),
   * and the last row id seen (`afterId` when there is none). The scheduler asks before a turn.
   */
  spendAfter(
    afterId: number,
    since: Date,
  ): Promise<{ lastId: number; byActor: Array<{ actor: string | null; costUsd: number }> }>;
}
