// `npm run bench`: runs every benchmark (or the ones named: `npm run bench -- drafts client`).

import { benchAccounts } from './accounts.js';
import { benchApprovalEvents } from './approval-events.js';
import { benchApprovalsScroll } from './approvals-scroll.js';
import { benchAutopilot } from './autopilot.js';
import { benchBookkeeping } from './bookkeeping.js';
import { benchBundle } from './bundle.js';
import { benchCalendar } from './calendar.js';
import { benchCliStart } from './cli-start.js';
import { benchClient } from './client.js';
import { benchConfigReload } from './config-reload.js';
import { benchDrafts } from './drafts.js';
import { benchIngest } from './ingest.js';
import { benchIngestParallel } from './ingest-parallel.js';
import { benchKeystroke } from './keystroke.js';
import { benchScoring } from './scoring.js';
import { benchToolServer } from './toolserver.js';
import { benchVaultContext } from './vault-context.js';
import { benchWorkers } from './workers.js';

const BENCHES: Record<string, () => unknown> = {
  accounts: benchAccounts,
  'approvals-scroll': benchApprovalsScroll,
  'approval-events': benchApprovalEvents,
  autopilot: benchAutopilot,
  bookkeeping: benchBookkeeping,
  bundle: benchBundle,
  calendar: benchCalendar,
  'cli-start': benchCliStart,
  client: benchClient,
  'config-reload': benchConfigReload,
  drafts: benchDrafts,
  ingest: benchIngest,
  'ingest-parallel': benchIngestParallel,
  keystroke: benchKeystroke,
  scoring: benchScoring,
  toolserver: benchToolServer,
  'vault-context': benchVaultContext,
  workers: benchWorkers,
};
const chosen = process.argv.slice(2).filter((name) => name in BENCHES);
for (const name of chosen.length > 0 ? chosen : Object.keys(BENCHES)) {
  console.log(`\n# ${name}`);
  await BENCHES[name]?.();
}
