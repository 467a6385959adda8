import { describe, expect, it } from 'vitest';
import { layerToClose } from './escape-cascade.js';

describe('Escape cascade', () => {
  it('closes the palette, then the from-notes question, then the drawer, then focus mode', () => {
    expect(layerToClose(new Set(['focus', 'drawer', 'from-notes', 'palette']))).toBe('palette');
    expect(layerToClose(new Set(['focus', 'drawer', 'from-notes']))).toBe('from-notes');
    expect(layerToClose(new Set(['focus', 'drawer']))).toBe('drawer');
    expect(layerToClose(new Set(['focus']))).toBe('focus');
    expect(layerToClose(new Set())).toBeUndefined();
  });
});
