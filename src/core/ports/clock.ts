// Time as a dependency: services and loops ask the clock, tests pass a fake one.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
