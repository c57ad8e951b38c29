import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import {
  addPersonResponse,
  matchingUsers,
  member,
  memberActiveForms,
  membersPage,
  membersWithTermsPage,
  updatePersonResponse,
  type AddPersonBody,
  type MatchingUsersBody,
  type Member,
  type MembersQuery,
  type MemberWithTerms,
  type UpdatePersonBody,
} from '@formularze/domain/schemas/members';
import { managedTermsList } from '@formularze/domain/schemas/terms';

export interface MembersListPage {
  content: (Member & Partial<Pick<MemberWithTerms, 'currentTermsAccepted' | 'acceptedTerms'>>)[];
  totalElements: number;
}

const membersKey = ['members'] as const;

/**
 * The members list: owners ask for the one with terms acceptances (§6), everyone else for the
 * plain one. Both answer the same paging.
 */
export const membersListQuery = (client: ApiClient, query: MembersQuery, withTerms: boolean) =>
  queryOptions({
    queryKey: [...membersKey, 'list', { ...query, withTerms }],
    queryFn: async (): Promise<MembersListPage> =>
      withTerms
        ? membersWithTermsPage.parse((await client.get('/api/v2/persons/with_terms', { params: query })).data)
        : membersPage.parse((await client.get('/api/v2/persons', { params: query })).data),
    placeholderData: (previous) => previous,
  });

export const memberQuery = (client: ApiClient, id: number) =>
  queryOptions({
    queryKey: [...membersKey, 'person', id],
    queryFn: async () => member.parse((await client.get(`/api/persons/${id}`)).data),
  });

/** The active forms a person is assigned to: the removal of a patient warns of them (§6). */
export const memberActiveFormsQuery = (client: ApiClient, id: number) =>
  queryOptions({
    queryKey: [...membersKey, 'person', id, 'active-forms'],
    queryFn: async () => memberActiveForms.parse((await client.get(`/api/persons/${id}/active_forms`)).data),
  });

/**
 * Whether the organization has terms in force (not removed, started): without them there is nothing
 * to have accepted, and the list shows no acceptance badges. Owners only (`terms-page:view`).
 */
export const termsInForceQuery = (client: ApiClient) =>
  queryOptions({
    // Under the terms list's key: adding or removing terms refreshes this too.
    queryKey: ['terms', 'organization', 'in-force'],
    queryFn: async () => {
      const terms = managedTermsList.parse((await client.get('/api/organizations/terms')).data);
      const now = Date.now();
      return terms.some((document) => document.removedAt === null && Date.parse(document.activeSince) <= now);
    },
  });

/** Every members query: what a change invalidates. */
export const allMembersKey = membersKey;

export async function addPerson(client: ApiClient, organizationId: number, body: AddPersonBody) {
  return addPersonResponse.parse(
    (await client.post(`/api/organizations/${organizationId}/add_user`, body)).data,
  );
}

export async function updatePerson(client: ApiClient, id: number, body: UpdatePersonBody) {
  return updatePersonResponse.parse((await client.put(`/api/persons/${id}/update`, body)).data);
}

export async function activatePerson(client: ApiClient, id: number): Promise<void> {
  await client.put(`/api/v1/users/${id}/activate`);
}

export async function removePerson(client: ApiClient, id: number): Promise<void> {
  await client.delete(`/api/v1/users/${id}`);
}

export async function resetPersonPassword(client: ApiClient, id: number): Promise<void> {
  await client.put(`/api/persons/${id}/reset_password`);
}

export async function resendWelcome(client: ApiClient, id: number): Promise<void> {
  await client.post(`/api/persons/${id}/welcome_message`);
}

/** Members of the organization with this phone, email or identifier; a 409 when someone outside has them. */
export async function fetchMatchingUsers(client: ApiClient, body: MatchingUsersBody): Promise<Member[]> {
  return matchingUsers.parse((await client.post('/api/organizations/fetch_matching_users', body)).data);
}
