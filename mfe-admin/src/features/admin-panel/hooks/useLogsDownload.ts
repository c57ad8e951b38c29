import { useMutation } from '@tanstack/react-query';
import { useShell } from 'shared-ui/remote';
import { NO_LOGS_MESSAGE } from '@formularze/domain/schemas/admin';
import { downloadLogs, useOwnerClient } from '../api';

/** Hands a downloaded file to the browser as if it had been a link with `download`. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url));
}

/**
 * 'Pobierz logi': the logs need the super-admin's token, which a plain link cannot send, so they
 * are fetched as a blob and saved through an object URL.
 */
export function useLogsDownload() {
  const client = useOwnerClient();
  const shell = useShell();
  return useMutation({
    mutationFn: () => downloadLogs(client),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
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
