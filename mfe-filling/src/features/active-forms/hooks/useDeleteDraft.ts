import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient, useShell } from 'shared-ui/remote';
import { DELETE_FAILED_MESSAGE, DRAFT_DELETED_MESSAGE } from '@formularze/domain/schemas/filled-data';
import { myFormsKey } from '../../../shared/my-forms/api';
import { deleteDraft } from '../api';

/** Deletes a draft, says how it went (§4, §8) and refreshes the person's lists. */
export function useDeleteDraft() {
  const client = useApiClient();
  const shell = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteDraft(client, id),
    onSuccess: () => shell.alerts.show({ text: DRAFT_DELETED_MESSAGE }),
    onError: () => shell.alerts.show({ text: DELETE_FAILED_MESSAGE, isError: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myFormsKey }),
  });
}
