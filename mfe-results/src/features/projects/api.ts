import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import type { SortBy } from '@formularze/domain/schemas/paging';
import {
  project,
  projectList,
  projectPage,
  projectUserList,
  type Project,
  type ProjectPayload,
  type ProjectSortKey,
  type ProjectUserUpdate,
} from '@formularze/domain/schemas/projects';

export interface ProjectListParams {
  page: number;
  pageSize: number;
  sortBy: SortBy<ProjectSortKey>;
}

/** Every projects query: what a change of a project invalidates. */
export const allProjectsKey = ['projects'] as const;

export const projectPageQuery = (client: ApiClient, params: ProjectListParams) =>
  queryOptions({
    queryKey: [...allProjectsKey, 'page', params],
    queryFn: async () => projectPage.parse((await client.get('/api/v2/form_group', { params })).data),
    // The table keeps its rows while the next page or sort loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

/**
 * One project to edit, from the organization's list (§7 names no single-project read); `null`
 * when it is not (or no longer) there.
 */
export const projectQuery = (client: ApiClient, id: number) =>
  queryOptions({
    queryKey: [...allProjectsKey, 'one', id],
    queryFn: async (): Promise<Project | null> =>
      projectList.parse((await client.get('/api/form_group')).data).find((found) => found.id === id) ?? null,
  });

export async function createProject(client: ApiClient, payload: ProjectPayload): Promise<Project> {
  return project.parse((await client.post('/api/form_group', payload)).data);
}

export async function updateProject(client: ApiClient, id: number, payload: ProjectPayload): Promise<void> {
  await client.put(`/api/form_group/${id}`, payload);
}

export async function removeProject(client: ApiClient, id: number): Promise<void> {
  await client.delete(`/api/form_group/${id}`);
}

/** A copy of the project without its forms, with or without its members. */
export async function duplicateProject(client: ApiClient, id: number, withUsers: boolean): Promise<Project> {
  return project.parse((await client.put(`/api/form_group/${id}/duplicate`, { withUsers })).data);
}

/** The people the signed-in user may add to the project; the server decides who they are (§6). */
export const projectUsersQuery = (client: ApiClient, id: number) =>
  queryOptions({
    queryKey: [...allProjectsKey, id, 'users'],
    queryFn: async () =>
      projectUserList.parse((await client.get(`/api/form_group/${id}/allowed_users`)).data),
  });

/** Adds and removes members; people not listed keep their membership. */
export async function saveProjectUsers(
  client: ApiClient,
  id: number,
  changes: ProjectUserUpdate[],
): Promise<void> {
  await client.put(`/api/form_group/${id}/allowed_users`, changes);
}
