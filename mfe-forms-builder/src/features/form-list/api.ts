import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import {
  allowedUserList,
  formListItem,
  savedFormRef,
  scheduledForm,
  type AllowedUser,
  type AllowedUserUpdate,
  type FormListSortKey,
} from '@formularze/domain/schemas/forms';
import { MAX_PAGE_SIZE, pagedResponse, type SortBy } from '@formularze/domain/schemas/paging';
import { projectFormRef, projectList, type ProjectFormRef } from '@formularze/domain/schemas/projects';
import {
  FHIR_IMPORT_PATH,
  fhirQuestionnaireExport,
  fhirQuestionnaireImport,
  fhirQuestionnairePath,
  type FhirQuestionnaireImport,
} from '@formularze/domain/schemas/fhir';

const formPage = pagedResponse(formListItem);

export interface FormListParams {
  page: number;
  pageSize: number;
  sortBy: SortBy<FormListSortKey>;
}

export const formListKey = ['forms', 'list'] as const;

export const formListQuery = (client: ApiClient, params: FormListParams) =>
  queryOptions({
    queryKey: [...formListKey, params],
    queryFn: async () => formPage.parse((await client.get('/api/v2/forms', { params })).data),
    // The table keeps its rows while the next page or sort loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

/**
 * The first half of the same page (§9: a forms list fetch also fires a second call with half the
 * page size). Smaller, it usually answers first: the table shows its first rows until the whole
 * page is there.
 */
export const formListFirstRowsQuery = (client: ApiClient, { page, pageSize, sortBy }: FormListParams) =>
  formListQuery(client, { page: page * 2, pageSize: pageSize / 2, sortBy });

const slotPage = pagedResponse(scheduledForm);

/**
 * `GET /api/v2/forms/scheduled`: the viewer's own scheduled windows open now, for the fill link of
 * a scheduled form's row (a window's id is personal: it carries the person's id).
 */
export const myOpenSlotsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['forms', 'my-open-slots'],
    queryFn: async () =>
      slotPage.parse(
        (
          await client.get('/api/v2/forms/scheduled', {
            params: { page: 0, pageSize: MAX_PAGE_SIZE, sortBy: 'startDate' },
          })
        ).data,
      ),
  });

export type FormAction = 'activate' | 'deactivate' | 'duplicate' | 'remove';

/** One status change or copy of a form; the list is refetched afterwards. */
export async function runFormAction(client: ApiClient, formId: number, action: FormAction): Promise<void> {
  switch (action) {
    case 'remove':
      await client.delete(`/api/forms/${formId}`);
      return;
    case 'duplicate':
      savedFormRef.parse((await client.put(`/api/forms/${formId}/duplicate`)).data);
      return;
    default:
      await client.put(`/api/forms/${formId}/${action}`);
  }
}

export const allowedUsersQuery = (client: ApiClient, formId: number) =>
  queryOptions({
    queryKey: ['forms', formId, 'allowed-users'],
    queryFn: async () => allowedUserList.parse((await client.get(`/api/forms/${formId}/allowed_users`)).data),
  });

export async function saveAllowedUsers(
  client: ApiClient,
  formId: number,
  entries: AllowedUserUpdate[],
): Promise<AllowedUser[]> {
  return allowedUserList.parse((await client.put(`/api/forms/${formId}/allowed_users`, entries)).data);
}

export const projectListQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['projects', 'list'],
    queryFn: async () => projectList.parse((await client.get('/api/form_group')).data),
  });

/** Copy or move to another project, or out of the current one (§2 "copy or move form to a project"). */
export interface ProjectAction {
  kind: 'copy' | 'move' | 'detach';
  /** The target project (copy, move), or the form's current one (detach). */
  project: { id: number; name: string };
}

export async function runProjectAction(
  client: ApiClient,
  formId: number,
  action: ProjectAction,
): Promise<ProjectFormRef> {
  const url =
    action.kind === 'detach'
      ? `/api/form_group/detach_form_from_group/${formId}`
      : `/api/form_group/${action.kind === 'copy' ? 'clone' : 'move'}_form_to_group/${formId}/${action.project.id}`;
  return projectFormRef.parse((await client.post(url)).data);
}

/** `POST /api/fhir/Questionnaire/$import`: a new draft form of the Questionnaire, with the mapping report. */
export async function importQuestionnaire(
  client: ApiClient,
  questionnaire: unknown,
): Promise<FhirQuestionnaireImport> {
  return fhirQuestionnaireImport.parse((await client.post(FHIR_IMPORT_PATH, questionnaire)).data);
}

/** `GET /api/fhir/Questionnaire/{formId}`: the edition as a Questionnaire, and what it could not hold. */
export async function exportQuestionnaire(client: ApiClient, formId: number) {
  return fhirQuestionnaireExport.parse((await client.get(fhirQuestionnairePath(formId))).data);
}
