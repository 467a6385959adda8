// A worker process the crash test kills: it takes the turn of account `acct`'s loop `stuck`, says
// "STARTED" and never finishes it (until SIGKILL).
import { startTestWorker } from './turn-world.js';

const [url = ''] = process.argv.slice(2);
await startTestWorker({
  url,
  accounts: ['acct'],
  heartbeatMs: 300,
  staleMs: 2000,
  loops: [
    {
      name: 'stuck',
      modes: ['autopilot'],
      intervalMs: () => 60_000,
      run: () => {
        process.stdout.write('STARTED\n');
        return new Promise(() => {});
      },
    },
  ],
});
