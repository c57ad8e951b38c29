import { makeStyles } from '@fluentui/react-components';
import { forwardRef, useCallback, useImperativeHandle, useRef } from 'react';

const useStyles = makeStyles({
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});

export interface Announcer {
  announce(text: string): void;
}

/**
 * A polite live region for what the editor did (a field moved, added or removed). It is written
 * through the DOM, so an announcement re-renders nothing.
 */
export const LiveAnnouncer = forwardRef<Announcer>(function LiveAnnouncer(_props, ref) {
  const styles = useStyles();
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
      className={styles.visuallyHidden}
    />
  );
});
