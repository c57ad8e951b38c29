import { useMutation } from '@tanstack/react-query';
import { saveBlob } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { NO_LOGS_MESSAGE } from '@formularze/domain/schemas/admin';
import { downloadLogs, useOwnerClient } from '../api';

/**
 * 'Pobierz logi': the logs need the super-admin's token, which a plain link cannot send, so they
 * are fetched as a blob and saved through an object URL.
 */
export function useLogsDownload() {
  const client = useOwnerClient();
  const shell = useShell();
  return useMutation({
    mutationFn: () => downloadLogs(client),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error) => {
      const status = (error as { response?: { status?: number } }).response?.status;
      shell.alerts.show({
        // The error body is a blob too (responseType), so the status tells the one expected refusal.
        text: status === 404 ? NO_LOGS_MESSAGE : 'Nie udało się pobrać logów.',
        isError: true,
      });
    },
  });
}
