// APP_CRASH_AT parsing and arming, without killing anything: the kill is injected and only recorded.
// (The real SIGKILL is exercised by kill-matrix.test.ts.)
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.js';
import { crashPointFrom, parseCrashSpec } from '../../src/infra/process/crash-points.js';

describe('crash points', () => {
  it('parses a step with or without a card, and nothing from an empty value', () => {
    expect(parseCrashSpec('publish.after_platform:2')).toEqual({ step: 'publish.after_platform', card: 2 });
    expect(parseCrashSpec(' publish.before_outbox ')).toEqual({ step: 'publish.before_outbox' });
    expect(parseCrashSpec(undefined)).toBeUndefined();
    expect(parseCrashSpec('')).toBeUndefined();
    expect(crashPointFrom(undefined)).toBeUndefined();
  });

  it('refuses a typo instead of silently never crashing', () => {
    for (const text of ['publish.after_platfrom', 'publish.after_close:x', 'publish.after_close:1:2'])
      expect(() => parseCrashSpec(text)).toThrow(AppError);
  });

  it('fires only at the armed step and card', () => {
    const kills: string[] = [];
    const crash = crashPointFrom('publish.after_outbox:1', (spec) => kills.push(spec));
    crash?.('publish.after_outbox', 0);
    crash?.('publish.before_outbox', 1);
    crash?.('publish.after_outbox', 1);
    expect(kills).toEqual(['publish.after_outbox:1']);

    const any: string[] = [];
    const anyCard = crashPointFrom('publish.after_record', (spec) => any.push(spec));
    anyCard?.('publish.after_record', 3);
    expect(any).toEqual(['publish.after_record:3']);
  });
});
