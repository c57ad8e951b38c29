import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { formatRemaining } from '../countdown';
import { useRemaining } from '../hooks/useCountdown';

const useStyles = makeStyles({
  root: { display: 'inline-flex', gap: tokens.spacingHorizontalS, alignItems: 'baseline' },
  time: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold },
});

export const COUNTDOWN_LABEL = 'Pozostały czas:';

/**
 * The time left to save (§4 "Countdown"). It re-renders itself every second and tells the page only
 * when the time runs out, so the fields never re-render with the clock.
 */
export function Countdown({ end, onExpired }: { end: number; onExpired(): void }) {
  const styles = useStyles();
  const remaining = useRemaining(end);
  const expired = remaining < 0;
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);
  return (
    <p className={styles.root}>
      <Text id="fill-countdown-label">{COUNTDOWN_LABEL}</Text>
      <Text role="timer" aria-labelledby="fill-countdown-label" className={styles.time}>
        {formatRemaining(remaining)}
      </Text>
    </p>
  );
}
