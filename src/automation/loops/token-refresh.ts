// Keeps the platform login alive in both modes: refreshes the token before it expires and says clearly
// when the refresh chain is dead (only `app auth` can fix that).
import type { TokenHealth, TokenRefresher } from '../../core/ports/token-refresher.js';
import type { LoopDefinition } from '../loop-definition.js';

export interface TokenRefreshDeps {
  social: { tokens?: TokenRefresher };
  logger: {
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
  };
}

export const tokenRefreshLoop: LoopDefinition<TokenRefreshDeps> = {
  name: 'token-refresh',
  intervalMs: () => 60_000,
  modes: ['autopilot', 'composer'],
  async run(deps) {
    const tokens = deps.social.tokens;
    if (!tokens) return;
    const health: TokenHealth = await tokens.refreshIfDue();
    if (health.state === 'dead') deps.logger.error({ loop: 'token-refresh' }, health.message);
    else if (health.state === 'expired') {
      deps.logger.error(
        { loop: 'token-refresh' },
        'platform token expired and could not be refreshed; run `app auth`',
      );
    } else if (health.state === 'invalid') deps.logger.warn({ loop: 'token-refresh' }, health.message);
  },
  // Its polls find nothing before the refresh falls due. Only a refresh moves that instant (later), so no
  // write of this process can bring it sooner.
  quiet: {
    version: () => 0,
    async quietUntil(deps) {
      const tokens = deps.social.tokens;
      return tokens ? tokens.refreshDueAt() : null;
    },
  },
};
