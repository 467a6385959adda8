// A throwaway APP_HOME per test: the real ~/.app is never touched.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempHome {
  dir: string;
  configPath: string;
  env: Record<string, string>;
  writeConfig(text: string): string;
  cleanup(): void;
}

export function createTempHome(): TempHome {
  const dir = mkdtempSync(join(tmpdir(), 'app-test-'));
  const configPath = join(dir, 'config.toml');
  return {
    dir,
    configPath,
    env: { APP_HOME: dir, HOME: dir },
    writeConfig(text) {
      writeFileSync(configPath, text, { mode: 0o600 });
      return configPath;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
