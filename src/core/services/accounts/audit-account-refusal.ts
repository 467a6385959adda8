// A request that named an account which does not exist, or one its credential may not use, is answered
// like any unknown thing (404, no hint) and recorded in the action log of the account the request came in
// on, so the user sees in Activity that someone tried (issue 27, bad input).
import type { AnalyticsWriter } from '../../ports/analytics-writer.js';
import type { Clock } from '../../ports/clock.js';

export const ACCOUNT_REFUSED_ACTION = 'account_refused';

export interface AccountRefusal {
  face: 'http' | 'mcp';
  /** The account name the request gave (cut to 64 characters: it is the caller's text), when it gave one. */
  named?: string;
  /** The matched route and method (HTTP), or what was asked (MCP). */
  route?: string;
  method?: string;
  /** How the caller authenticated (session, token, the tool server's token). */
  credential?: string;
}

export async function auditAccountRefusal(
  deps: { analyticsWriter: AnalyticsWriter; clock: Clock },
  refusal: AccountRefusal,
): Promise<void> {
  const named = refusal.named?.slice(0, 64);
  await deps.analyticsWriter.logAction(
    {
      type: ACCOUNT_REFUSED_ACTION,
      status: 'refused',
      message:
        refusal.face === 'mcp'
          ? 'A tool-server request used a session of another account; answered as an unknown session'
          : `A request named ${named === undefined ? 'an account' : `the account '${named}'`}, which does not exist or which its credential may not use; answered 404`,
      metadata: { ...refusal, ...(named === undefined ? {} : { named }) },
    },
    deps.clock.now(),
  );
}
