/** §4 "Countdown": the time left as hh:mm:ss, or '---' once it has run out. */
export const COUNTDOWN_TICK_MS = 1000;
export const UNAVAILABLE_COUNTDOWN = '---';

const twoDigits = (value: number) => String(value).padStart(2, '0');

export function formatRemaining(remainingMs: number): string {
  if (remainingMs < 0) return UNAVAILABLE_COUNTDOWN;
  const totalSeconds = Math.floor(remainingMs / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  return `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(totalSeconds % 60)}`;
}
