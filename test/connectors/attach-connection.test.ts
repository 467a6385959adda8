// Where a newly linked drive account goes in the config file: the drive source waiting for an account,
// else one whose account no longer works (a re-link), else a new entry; the file keeps its comments and
// gains no defaults.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { attachConnection } from '../../src/core/services/connectors/attach-connection.js';
import { createSettingsStore } from '../../src/infra/config/settings-store.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let home: TempHome | undefined;
afterEach(() => {
  home?.cleanup();
  home = undefined;
});

function storeWith(text: string) {
  home = createTempHome();
  home.writeConfig(text);
  return {
    store: createSettingsStore({ env: home.env }),
    file: () => readFileSync(home?.configPath ?? '', 'utf8'),
  };
}

const LOCAL = '# my vault\n[[content_sources.sources]]\nsource_type = "local_fs"\npath = "/notes"\n';

describe('attachConnection', () => {
  it('fills the drive source that has no account yet, in place', () => {
    const { store, file } = storeWith(
      `${LOCAL}\n[[content_sources.sources]]\nsource_type = "cloud_drive"\nfolder_id = "f1"  # shared\n`,
    );
    expect(attachConnection(store, 7, () => true)).toEqual({ source_index: 1, added: false });
    expect(file()).toBe(
      `${LOCAL}\n[[content_sources.sources]]\nsource_type = "cloud_drive"\nfolder_id = "f1"  # shared\nconnection_id = 7\n`,
    );
    // Linking the same account again changes nothing.
    expect(attachConnection(store, 7, () => true)).toEqual({ source_index: 1, added: false });
  });

  it('a re-link replaces an account that no longer works; a working one is left and a new entry added', () => {
    const drive = '[[content_sources.sources]]\nsource_type = "cloud_drive"\nconnection_id = 1\n';
    const relink = storeWith(drive);
    expect(attachConnection(relink.store, 2, () => false)).toEqual({ source_index: 0, added: false });
    expect(relink.file()).toBe(drive.replace('connection_id = 1', 'connection_id = 2'));
    home?.cleanup();

    const second = storeWith(drive);
    expect(attachConnection(second.store, 2, () => true)).toEqual({ source_index: 1, added: true });
    expect(second.file()).toBe(
      `${drive}\n[[content_sources.sources]]\nsource_type = "cloud_drive"\nconnection_id = 2\n`,
    );
  });

  it('a refused write (the file is invalid) throws and leaves the file as it was', () => {
    const { store, file } = storeWith('mode = "sideways"\n');
    expect(() => attachConnection(store, 3, () => true)).toThrow(/mode/);
    expect(file()).toBe('mode = "sideways"\n');
  });
});
