// Renders docs/configuration.md from the schema: every key, type, default, env var and description.
import { SECTION_TITLES } from '../../contracts/config/config.js';
import { restartReason } from '../../contracts/settings.js';
import { type ConfigLeaf, configLeaves } from '../../core/domain/schema-walk.js';
import { renderAccountsDocs } from './render-accounts-docs.js';

const TYPE: Record<ConfigLeaf['kind'], string> = {
  string: 'string',
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  enum: 'one of',
  string_list: 'list',
  json: 'table/array',
};

function typeOf(leaf: ConfigLeaf): string {
  return leaf.kind === 'enum'
    ? `one of ${leaf.enumValues?.map((v) => `\`${v}\``).join(', ')}`
    : TYPE[leaf.kind];
}

function defaultOf(leaf: ConfigLeaf): string {
  if (!leaf.hasDefault) return '(unset)';
  const value = JSON.stringify(leaf.defaultValue);
  return value === '[]' || value === '{}' ? `\`${value}\`` : `\`${value.replaceAll('|', '\\|')}\``;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function renderConfigDocs(): string {
  const out = [
    '# Configuration reference',
    '',
    '<!-- Generated from src/contracts/config by `npm run gen`; a test fails when this file drifts. -->',
    '',
    'The config file is TOML at `~/.app/config.toml` (or `$APP_HOME/config.toml`, or `app -c <path>`). The data',
    'directory (database `app.db`, `tokens.json`, `api_token`, `media/`, `backups/`) is the config file’s directory,',
    'or `$APP_HOME`.',
    '',
    'Values come from, highest first: command-line flags (`app -O key=value`, and command flags such as',
    '`serve --port`), environment variables, the config file, built-in defaults. Every key has an environment',
    'variable: `APP_` + the section path and key in upper case, joined by `__`. Lists are comma-separated',
    '(`a,b`) or a JSON array (`["a","b"]`); booleans accept true/false, 1/0, yes/no; tables and arrays of',
    'tables take JSON. `APP_DEPLOYMENT_MODE` also accepts `selfhost` and `self-host`. Secrets (marked below)',
    'can be given as environment variables instead; files holding them are written with mode 0600, and every',
    'view masks them.',
    '',
    'Problems are reported together, each with its key and where the value came from; unknown keys are warnings',
    'with the nearest valid key. A config with errors stops every command with exit code 2.',
    '',
    'Settings are live: `app settings --set`, `PATCH /api/settings` and an editor all change the file, and every',
    'running process (`app serve`, each `app mcp serve`) reloads it within 2 seconds. An invalid file is reported',
    'and the last good config stays in use; so does a deleted file. Keys marked **Restart needed.** are read once',
    'at start: a change is saved at once and applies after a restart.',
  ];
  let section: string | undefined;
  for (const leaf of configLeaves()) {
    const leafSection = leaf.path.slice(0, -1).join('.');
    if (leafSection !== section) {
      section = leafSection;
      const title = leafSection === '' ? 'Top-level keys' : `\`[${leafSection}]\``;
      const about = SECTION_TITLES[leafSection];
      out.push('', `## ${title}`, '', ...(about ? [about, ''] : []));
      out.push('| Key | Type | Default | Environment | Description |', '|---|---|---|---|---|');
    }
    const name = leaf.path[leaf.path.length - 1];
    const secret = leaf.meta.secret ? ' **Secret.**' : '';
    const restart = restartReason(leaf.key) ? ' **Restart needed.**' : '';
    out.push(
      `| \`${name}\` | ${cell(typeOf(leaf))} | ${defaultOf(leaf)} | \`${leaf.env}\` | ${cell(leaf.description)}${secret}${restart} |`,
    );
  }
  out.push(...renderAccountsDocs());
  out.push(
    '',
    '## `[[content_sources.sources]]` entries',
    '',
    'Each entry is a table with `source_type` (`local_fs` or `cloud_drive`), `enabled`, `path` (local), `watch`,',
    '`change_detection`, `file_patterns`, `loop_back_enabled` (default true for local, false for drive),',
    '`analytics_sync_enabled` (local only, needs loop-back), `folder_id`, `connection_id`, `service_account_key`',
    'and `poll_interval_seconds` (drive). In `cloud` deployment, saving a `local_fs` entry is rejected; existing',
    'entries are kept but skipped at runtime with a warning. A drive entry with both `connection_id` and',
    '`service_account_key` uses `connection_id` and warns.',
    '',
    'Sources read notes only. A `path` in a system location (`/`, `/etc`, `/proc`, `/sys`, `/dev`, `/boot`, `/var`,',
    '`/root`, `/usr`, `/bin`, `/lib`, `/run`, `/snap`, `/opt` and their like), inside a secret folder (`.ssh`,',
    '`.gnupg`, `.aws`, `.config`, `.kube`, `.docker`, `.password-store`, …) or the data dir is refused, judged',
    'with `~` and symlinks resolved; each of `file_patterns` must name note files by a text extension',
    '(`*.md`, `*.txt`, `*.markdown`, `*.org`, `*.rst`, …), never keys or credentials (`*.pem`, `*.key`, `id_rsa*`,',
    '`.env*`, …) or files without an extension; a `service_account_key` must be a `.json` file outside system',
    'locations. Saving such an entry is rejected; one already in the file loads with a warning and that source is',
    'disabled at runtime with the reason. Files that look like private keys or AWS credentials are skipped as',
    'problems of their path. Loop-back writes front-matter only into Markdown notes (`.md`, `.markdown`) outside',
    'dot-folders, and never over an edit saved meanwhile (it starts again from the fresh file).',
    '',
    '## Pacing: how far apart automated actions go',
    '',
    'Every platform write of the account made by a loop or an agent (a post, reply, quote or thread start; a',
    'like, repost or follow) takes the account’s next slot, and the slot after it comes a gap later drawn',
    'uniformly from `[limits] min_action_delay_seconds` … `max_action_delay_seconds` (45–180 s by default).',
    'The next slot is kept in the database (`account_pacing`), so it holds across `app serve` and every',
    '`app mcp serve` sharing it, and across a restart or a clock jump: a machine waking from sleep lets one',
    'held post go, then the next a gap later. An early post waits in the posting queue for its slot (the',
    'answer says when, and so does the draft or approval item); an early like, repost or follow of an agent is',
    'refused with `policy_denied_rate_limited` and the instant it may go. A thread’s cards keep their own short',
    'spacing. Your own posts (dashboard, API, CLI, and approvals of your drafts) never wait for pacing.',
    'Outside active hours an automated post is held until they open instead of refused; the caps still refuse',
    'what would exceed them. `app simulate` ends with the run’s pacing figures: the smallest gap between two',
    'automated writes, the most in any 15 minutes and the longest wait imposed.',
    '',
    '## How the platform bill is measured',
    '',
    'The platform API is pay-per-use; `[api_prices]` holds its prices (the April 2026 pricing page by default).',
    'Every successful call of the official API is recorded with its cost (`api_usage.cost_usd`, see',
    '`src/core/domain/platform-prices.ts`); failed calls, OAuth, media upload, the scraper backend and endpoints',
    'the table does not name cost 0.',
    '',
    '- **Reads** are charged per resource the answer returned: the ids in its `data` (users in `includes` are',
    '  not counted). A resource (post, user, DM event, list) charged once is free again for the rest of the',
    '  same UTC day. A read of the account’s own data, recognised by its own user id in the path (its posts,',
    '  mentions, liked posts, bookmarks, followers, following, blocking, muting, lists) or `users/me`, is an',
    '  owned read. Other followers/following are `follow_read`; liking users, reposters, another user’s liked',
    '  posts, blocks and mutes are `interaction_read`.',
    '- **Writes** are charged per request. A post whose text holds a URL the platform links (the same',
    '  detection as the weighted length) is `post_create_with_link`; a reply to a post the mentions read returned (on',
    '  any day) is `summoned_reply`, unless it holds a URL. Likes, reposts, follows and bookmarks are',
    '  `user_interaction`; every DELETE (a post, or undoing one of those) is `delete`.',
    '- Each call is attributed to the loop (`loop:<name>`) or face (`agent`, `dashboard`, `api`, `cli`) running',
    '  it; `other` is a call none ran (a login, a probe).',
    '- The forecast is month-to-date ÷ days elapsed (today counted whole) × days in the month, per UTC month.',
    '  Analytics, `get_social_usage` (`bill`), `GET /api/analytics/api-usage` and `app status` show the same',
    '  figures.',
    '',
    'A key of `[api_prices]` that is not a price kind is a warning and every default stays; a negative or',
    'non-numeric price is an error naming the key.',
    '',
    '## A monthly API budget',
    '',
    '`[limits] monthly_api_budget_usd` is unset by default: no limit, every loop runs at its interval (the spec).',
    'Set, it is what the platform bill of a UTC month may reach; 0, a negative or a non-numeric value is an error',
    'naming the key. Before each turn of a reading loop the scheduler asks the budget',
    '(`src/core/domain/api-budget.ts`, `src/core/services/budget/loop-budget.ts`):',
    '',
    '- **Forecast.** Each reading loop’s cost to the month’s end is its spend per turn (its recorded spend over',
    '  the turns it took since the process started; before its first turn, its page size at the read’s price:',
    '  discovery 25 posts, targets 20 posts per monitored account, mentions 50 owned reads) × the turns left',
    '  this month (time left × its share of active hours ÷ its interval with the mean jitter). Everything else',
    '  (other loops, the faces, your own posts) is forecast at its own rate since the process started, over at',
    '  least a week.',
    '- **Slowing, in a declared order.** When month-to-date + the others’ forecast + the reading loops’',
    '  forecast would pass the budget, the gentlest step that fits is taken: discovery’s interval ×2, ×4, ×8,',
    '  then targets’, then mentions’. A slowed loop still runs (its status says `slowed ×N: …`), so its',
    '  forecast keeps learning.',
    '- **Pause.** When what remains after the others’ forecast cannot pay one more turn of each reading loop,',
    '  the budget is spent: discovery, targets and mentions pause as `paused: budget` with `paused_until` the',
    '  1st of next month (UTC), and stay paused for the month (rechecked hourly: a raised budget resumes them).',
    '- **Writes are never blocked.** Your own posts and the ones you approve always go; their cost is in the',
    '  others’ forecast. Draft Studio shows what the post being written costs (`Cost to post: $0.015`, or',
    '  `contains a link: $0.20`) and says when it costs more than what remains of the budget.',
    '- `app simulate --budget N` runs the simulated days under a budget of N; each day prints its API calls and',
    '  dollars, and the run its total.',
    '',
  );
  return out.join('\n');
}
