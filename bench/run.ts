// `npm run bench`: runs every benchmark and prints medians and ratios.
import { benchCliStart } from './cli-start.js';

benchCliStart();
