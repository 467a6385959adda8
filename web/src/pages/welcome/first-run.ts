// The shell's first-run check (bundled with the shell, so it stays small): a signed-in user of an instance
// without a config file is sent to the first-run wizard once per browser session. A configured instance
// never is, and a user who leaves the wizard is not sent back by the next navigation.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api.js';
import { navigate } from '../../router.js';
import { readStored, writeStored } from '../../stored-value.js';

export const SETUP_STATUS_KEY = ['setup', 'status'] as const;
const OFFERED = 'app:welcome:offered';

export const loadSetupStatus = () => api.setup.status();

/** Whether this browser session has been offered the wizard (then its steps may continue after the file exists). */
export const welcomeOffered = (): boolean => readStored(sessionStorage, OFFERED) === true;
export const markWelcomeOffered = (): void => writeStored(sessionStorage, OFFERED, true);

/** Sends the user to /welcome when the instance has no config file, once per browser session. */
export function useFirstRunRedirect(path: string): void {
  const status = useQuery({ queryKey: SETUP_STATUS_KEY, queryFn: loadSetupStatus, staleTime: 60_000 });
  const firstRun = status.data?.config_exists === false;
  useEffect(() => {
    if (!firstRun || path === '/welcome' || welcomeOffered()) return;
    markWelcomeOffered();
    navigate('/welcome', { replace: true });
  }, [firstRun, path]);
}
