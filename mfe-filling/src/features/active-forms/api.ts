import type { ApiClient } from 'shared-ui/api-client';

/** `DELETE /api/form_data/{id}`: removes a draft. */
export async function deleteDraft(client: ApiClient, id: number): Promise<void> {
  await client.delete(`/api/form_data/${id}`);
}
