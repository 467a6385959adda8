// Small named positions that must survive a restart: the mentions since-id, the discovery keyword turn.
export interface CursorStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, at: Date): Promise<void>;
}
