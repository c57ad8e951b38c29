import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { myDataViewersPage } from '@formularze/domain/schemas/access-audit';
import {
  myProfile,
  organizationProfile,
  type MyProfile,
  type OrganizationProfile,
  type UpdateMyProfileBody,
  type UpdateOrganizationBody,
} from '@formularze/domain/schemas/profile';

export const myProfileQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['profile', 'my'],
    queryFn: async () => myProfile.parse((await client.get('/api/persons/my/profile')).data),
  });

/** A new image to upload, `null` to remove the current one, `undefined` to keep it. */
export type AvatarChange = File | null | undefined;

/**
 * Saves the profile: `PUT /api/persons/my` (JSON) when the avatar stays, `PUT /api/persons/ext`
 * (multipart: `avatarImage` + `properties`) when it changes.
 */
export async function saveMyProfile(
  client: ApiClient,
  body: UpdateMyProfileBody,
  avatar: AvatarChange,
): Promise<MyProfile> {
  if (avatar === undefined) return myProfile.parse((await client.put('/api/persons/my', body)).data);
  const form = new FormData();
  if (avatar) form.append('avatarImage', avatar);
  form.append('properties', JSON.stringify({ ...body, removeAvatar: avatar === null }));
  return myProfile.parse((await client.put('/api/persons/ext', form)).data);
}

export async function saveOrganizationProfile(
  client: ApiClient,
  body: UpdateOrganizationBody,
): Promise<OrganizationProfile> {
  return organizationProfile.parse((await client.put('/api/organizations', body)).data);
}

/** Who at the organization read or changed the signed-in patient's data, newest first (ADR 415). */
export const myDataViewersQuery = (client: ApiClient, paging: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['profile', 'data-views', paging],
    queryFn: async () =>
      myDataViewersPage.parse((await client.get('/api/persons/my/data_views', { params: paging })).data),
  });
