// What content validation needs to know about uploaded media, without touching the disk.
import type { MediaKind } from '../../contracts/social.js';

export interface MediaFacts {
  kind: MediaKind;
  sizeBytes: number;
  width?: number;
  height?: number;
}

export interface MediaCatalog {
  describe(paths: readonly string[]): Promise<Map<string, MediaFacts>> | Map<string, MediaFacts>;
}
