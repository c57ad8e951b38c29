import type { ShellContract } from '@formularze/domain/contract';
import { whenIdle } from 'shared-ui/routing';

let started = false;

/**
 * Starts this tab's sender of queued submissions with the first mount of the area (the patient's
 * home page is in it), once the page is first idle: off the path of the first screen. It outlives
 * the area's unmount: it follows the shell's session, not the screen.
 */
export function startSendQueueOnce(shell: ShellContract): void {
  if (started) return;
  started = true;
  whenIdle(() => {
    void import('./runner').then(({ createSendQueueRunner }) => createSendQueueRunner(shell));
    // The fill page opens the list right after queueing, when the connection may be gone: its
    // code is fetched while there is one.
    void import('./components/SendQueuePage').catch(() => undefined);
  });
}
