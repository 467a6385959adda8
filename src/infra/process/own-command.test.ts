import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownCommand } from './own-command.js';

let dir: string;
let bin: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'own-command-'));
  bin = join(dir, 'pkg', 'bin', 'app.js');
  mkdirSync(join(dir, 'pkg', 'bin'), { recursive: true });
  writeFileSync(bin, '#!/usr/bin/env node\n', { mode: 0o755 });
  for (const sub of ['global', 'other', 'empty']) mkdirSync(join(dir, sub));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const options = () => ({ bin, execPath: '/opt/node/bin/node' });
const path = (...subs: string[]) => ({ PATH: subs.map((s) => join(dir, s)).join(delimiter) });

describe('ownCommand', () => {
  it('is node and the bin by absolute path when no app is on PATH (a checkout)', () => {
    expect(ownCommand(path('empty'), options())).toEqual({ command: '/opt/node/bin/node', args: [bin] });
    expect(ownCommand({}, options())).toEqual({ command: '/opt/node/bin/node', args: [bin] });
  });

  it('is app when the first app on PATH is this package (a global install links it)', () => {
    symlinkSync(bin, join(dir, 'global', 'app'));
    expect(ownCommand(path('empty', 'global'), options())).toEqual({ command: 'app', args: [] });
  });

  it('is not app when another program of that name comes first on PATH', () => {
    writeFileSync(join(dir, 'other', 'app'), '#!/bin/sh\n');
    chmodSync(join(dir, 'other', 'app'), 0o755);
    symlinkSync(bin, join(dir, 'global', 'app'));
    expect(ownCommand(path('other', 'global'), options()).command).toBe('/opt/node/bin/node');
  });
});
