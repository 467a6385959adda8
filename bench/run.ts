// `npm run bench`: runs every benchmark and prints medians and ratios.
import { benchCliStart } from './cli-start.js';
import { benchClient } from './client.js';

benchCliStart();
await benchClient();
