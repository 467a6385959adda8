// A component's place in the Escape cascade (escape-cascade.ts): whether it is open now (asked at the
// moment Escape is pressed, so a viewport change needs no re-render) and how to close it.
import { useEffect, useRef } from 'react';
import { type EscapeLayer, registerLayer } from './escape-cascade.js';

export function useEscapeLayer(layer: EscapeLayer, isOpen: () => boolean, close: () => void): void {
  const latest = useRef({ isOpen, close });
  latest.current = { isOpen, close };
  useEffect(
    () =>
      registerLayer(layer, {
        isOpen: () => latest.current.isOpen(),
        close: () => latest.current.close(),
      }),
    [layer],
  );
}
