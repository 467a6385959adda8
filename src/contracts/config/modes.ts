// The operating modes, on their own so the global config and an account's settings share them.
export const MODES = ['autopilot', 'composer'] as const;
export type Mode = (typeof MODES)[number];
