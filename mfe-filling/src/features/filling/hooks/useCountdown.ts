import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '../countdown';

/** Milliseconds left until `end` (epoch ms), updated every second (§9 countdown tick). */
export function useRemaining(end: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return end - now;
}
