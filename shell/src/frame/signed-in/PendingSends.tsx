import { Button } from '@fluentui/react-components';
import { SendClockRegular } from '@fluentui/react-icons/svg/send-clock';
import { useEffect, useState } from 'react';
import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import { pendingCount, watchQueuedSubmissions, type QueuedSubmission } from 'shared-ui/send-queue';
import { navigate } from '../../contract/create-shell-contract';

/** The indicator's words: what still waits to be sent, and what the server did not take. */
export function pendingSendsText(entries: readonly QueuedSubmission[]): string | null {
  const pending = pendingCount(entries);
  const refused = entries.length - pending;
  const parts = [
    pending > 0 && `Oczekuje na wysłanie: ${pending}`,
    refused > 0 && `Nie przyjęto: ${refused}`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** The account's submissions kept on this device, followed live (in every tab). */
export function useQueuedSubmissions(accountId: number): QueuedSubmission[] {
  const [entries, setEntries] = useState<QueuedSubmission[]>([]);
  useEffect(() => watchQueuedSubmissions(accountId, setEntries), [accountId]);
  return entries;
}

/**
 * The top bar's count of the signed-in person's submissions kept on this device (issue 30), on
 * every page and live: the queue tells every tab of its changes. It opens the list of them.
 */
export function PendingSends({
  entries,
  toolClassName,
}: {
  entries: readonly QueuedSubmission[];
  toolClassName: string;
}) {
  const text = pendingSendsText(entries);
  // The region stays mounted, so a screen reader hears the count appear and change.
  return (
    <span aria-live="polite">
      {text && (
        <Button
          className={toolClassName}
          icon={<SendClockRegular />}
          onClick={() => navigate(pathTo(FILLING_ROUTES.sendQueue))}
        >
          {text}
        </Button>
      )}
    </span>
  );
}
