// A clock tests move by hand.
import type { Clock } from '../../src/core/ports/clock.js';

export class FakeClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-11-22T12:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }
}
