import { forwardRef, useCallback, useImperativeHandle, useRef } from 'react';
import { useVisuallyHiddenStyles } from 'shared-ui/components';

export interface Announcer {
  announce(text: string): void;
}

/**
 * A polite live region for what the editor did (a field moved, added or removed). It is written
 * through the DOM, so an announcement re-renders nothing.
 */
export const LiveAnnouncer = forwardRef<Announcer>(function LiveAnnouncer(_props, ref) {
  const styles = useVisuallyHiddenStyles();
  const region = useRef<HTMLDivElement>(null);
  const announce = useCallback((text: string) => {
    if (region.current) region.current.textContent = text;
  }, []);
  useImperativeHandle(ref, () => ({ announce }), [announce]);
  return (
    <div
      ref={region}
      role="status"
      aria-label="Zmiany w formularzu"
      aria-live="polite"
      aria-atomic="true"
      className={styles.hidden}
    />
  );
});
