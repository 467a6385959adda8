import { describe, expect, it } from 'vitest';
import { folderLocationProblem, keyFileProblem, normalizeAbsolute } from './note-locations.js';

const at = (written: string, real = written) => ({ written, real });

describe('folderLocationProblem', () => {
  it('refuses / and the system folders with their children, not look-alikes', () => {
    for (const path of ['/', '/etc', '/etc/ssh', '/proc/self', '/sys', '/dev/shm', '/boot', '/var/lib/x'])
      expect(folderLocationProblem(at(path))).toBe(`${path} is a system location`);
    for (const path of ['/root', '/usr/share/doc', '/bin', '/sbin', '/lib64', '/run/user/1000', '/snap/x'])
      expect(folderLocationProblem(at(path))).toMatch(/is a system location$/);
    for (const path of ['/home/me/notes', '/tmp/vault', '/etcetera', '/variety/notes', '/srv/notes'])
      expect(folderLocationProblem(at(path))).toBeUndefined();
  });

  it('judges the resolved path too: a link to /etc is /etc', () => {
    expect(folderLocationProblem(at('/home/me/etc', '/etc'))).toBe(
      '/home/me/etc resolves to /etc, a system location',
    );
  });

  it('refuses secret folders anywhere in the path, whatever their case', () => {
    expect(folderLocationProblem(at('/home/me/.ssh'))).toBe(
      '/home/me/.ssh is inside .ssh, a folder that keeps secrets',
    );
    for (const name of ['.gnupg', '.aws', '.config', '.kube', '.docker', '.password-store', '.SSH'])
      expect(folderLocationProblem(at(`/home/me/${name}/notes`))).toMatch(/a folder that keeps secrets$/);
    expect(folderLocationProblem(at('/home/me/notes', '/home/me/.aws/notes'))).toMatch(
      /resolves to \/home\/me\/\.aws\/notes, which is inside \.aws/,
    );
    expect(folderLocationProblem(at('/home/me/.obsidian-vaults/notes'))).toBeUndefined();
  });

  it('refuses the data dir and its children, in either spelling', () => {
    const data = at('/home/me/.app', '/data/app');
    expect(folderLocationProblem(at('/home/me/.app'), data)).toBe(
      '/home/me/.app is the data directory of this service',
    );
    expect(folderLocationProblem(at('/home/me/link', '/data/app/media'), data)).toBe(
      '/home/me/link resolves to /data/app/media, inside the data directory of this service',
    );
    expect(folderLocationProblem(at('/home/me/.app-notes'), data)).toBeUndefined();
  });
});

describe('keyFileProblem', () => {
  it('refuses a key in a system location or one that is not JSON; secret folders are fine', () => {
    expect(keyFileProblem(at('/etc/sa.json'))).toMatch(/^\/etc\/sa\.json is a system location/);
    expect(keyFileProblem(at('/home/me/sa.json', '/proc/self/environ'))).toMatch(/resolves to \/proc/);
    expect(keyFileProblem(at('/home/me/.ssh/id_rsa'))).toMatch(/must name a \.json key file/);
    expect(keyFileProblem(at('/home/me/.config/gcloud/sa.json'))).toBeUndefined();
  });
});

describe('normalizeAbsolute', () => {
  it('removes ., .. and repeated slashes; relative paths are not absolute', () => {
    expect(normalizeAbsolute('/var/lib/app/../../log')).toBe('/var/log');
    expect(normalizeAbsolute('//etc/./')).toBe('/etc');
    expect(normalizeAbsolute('/..')).toBe('/');
    expect(normalizeAbsolute('~/notes')).toBeUndefined();
  });
});
