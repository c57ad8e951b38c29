import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import type { PersonToFormsBody } from '@formularze/domain/schemas/forms';
import { personAccess, personGroupIds } from '@formularze/domain/schemas/projects';

export const personAccessQuery = (client: ApiClient, personId: number) =>
  queryOptions({
    queryKey: ['person-access', personId],
    queryFn: async () =>
      personAccess.parse((await client.get(`/api/form_group/person_access/${personId}`)).data),
  });

/** What the dialog changes; `groupIds` is every project the person is to belong to, when that changed. */
export interface PersonAccessChanges {
  groupIds: number[] | null;
  forms: PersonToFormsBody | null;
}

export async function savePersonAccess(
  client: ApiClient,
  personId: number,
  { groupIds, forms }: PersonAccessChanges,
): Promise<void> {
  if (groupIds) {
    personGroupIds.parse((await client.post(`/api/form_group/person_to_groups/${personId}`, groupIds)).data);
  }
  if (forms) await client.put(`/api/forms/person_to_forms/${personId}`, forms);
}
