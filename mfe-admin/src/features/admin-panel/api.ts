import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createApiClient, type ApiClient } from 'shared-ui/api-client';
import {
  activeRemote,
  loginResponse,
  ownerCheck,
  remoteHistory,
  remoteRegistry,
  type DevOverrideBody,
  type OwnerLoginBody,
  type RemoteName,
} from '@formularze/domain/schemas';
import { fallbackEvents, logsFileName, outboxPage, type OutboxQuery } from '@formularze/domain/schemas/admin';
import { platformEventsPage, type PlatformEventsFilter } from '@formularze/domain/schemas/access-audit';
import {
  registerOrganizationResponse,
  type RegisterOrganizationBody,
} from '@formularze/domain/schemas/registration';
import { filterParams } from '../../shared/log-filter';

/** The super-admin session is separate from the app session: its own token, login and logout. */
const OWNER_TOKEN_KEY = 'ownerToken';

export const ownerToken = {
  get: () => window.sessionStorage.getItem(OWNER_TOKEN_KEY),
  set: (token: string) => window.sessionStorage.setItem(OWNER_TOKEN_KEY, token),
  clear: () => window.sessionStorage.removeItem(OWNER_TOKEN_KEY),
};

/** The API client of the panel: it sends the super-admin's token, not the app session's. */
export function useOwnerClient() {
  return useMemo(() => createApiClient(ownerToken.get), []);
}

export const ownerCheckQuery = (client: ReturnType<typeof createApiClient>) =>
  queryOptions({
    queryKey: ['admin-panel', 'check-owner'],
    queryFn: async () => ownerCheck.parse((await client.get('/api/auth/check-owner')).data),
    retry: false,
  });

export function useOwnerCheck() {
  const client = useOwnerClient();
  return useQuery({ ...ownerCheckQuery(client), enabled: ownerToken.get() !== null });
}

export function useOwnerLogin() {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OwnerLoginBody) =>
      loginResponse.parse((await client.post('/api/auth/login-owner', body)).data),
    onSuccess: ({ token }) => {
      ownerToken.set(token);
      return queryClient.invalidateQueries({ queryKey: ownerCheckQuery(client).queryKey });
    },
  });
}

export function useOwnerLogout() {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await client.post('/api/auth/logout-owner', {});
    },
    onSettled: () => {
      ownerToken.clear();
      queryClient.removeQueries({ queryKey: ownerCheckQuery(client).queryKey });
    },
  });
}

/** Founds an organization through the one creation call of the product (captcha-checked). */
export async function registerOrganization(client: ApiClient, body: RegisterOrganizationBody) {
  return registerOrganizationResponse.parse((await client.post('/api/organizations/register', body)).data);
}

/** The server's recent logs, as the attachment it names. */
export async function downloadLogs(client: ApiClient): Promise<{ blob: Blob; fileName: string }> {
  const response = await client.get<Blob>('/api/admin/logs', { responseType: 'blob' });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? logsFileName(new Date());
  return { blob: response.data, fileName };
}

export const remoteHistoryQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['admin-panel', 'remotes', 'history'],
    queryFn: async () => remoteHistory.parse((await client.get('/api/remotes/history')).data),
  });

export const fallbackEventsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['admin-panel', 'remotes', 'fallback-events'],
    queryFn: async () => fallbackEvents.parse((await client.get('/api/remotes/fallback-events')).data),
  });

export async function activateRemoteVersion(client: ApiClient, name: RemoteName, version: string) {
  return activeRemote.parse((await client.post(`/api/remotes/${name}/activate`, { version })).data);
}

export const outboxQuery = (client: ApiClient, params: OutboxQuery) =>
  queryOptions({
    queryKey: ['admin-panel', 'outbox', params],
    queryFn: async () => outboxPage.parse((await client.get('/api/admin/outbox', { params })).data),
  });

/** Makes this browser take `remote` from a developer's server (loopback only; a super-admin's grant). */
export async function grantDevOverride(client: ApiClient, body: DevOverrideBody) {
  return remoteRegistry.parse((await client.post('/api/remotes/dev-overrides', body)).data);
}

/** A page of the platform's events (ADR 418): sign-ins, lockouts, role changes; never a patient's data. */
export const platformEventsQuery = (
  client: ApiClient,
  filter: PlatformEventsFilter,
  paging: { page: number; pageSize: number },
) =>
  queryOptions({
    queryKey: ['admin-panel', 'platform-events', filter, paging],
    queryFn: async () =>
      platformEventsPage.parse(
        (
          await client.get('/api/admin/access_audit', {
            params: { ...filterParams(filter), ...paging },
          })
        ).data,
      ),
  });
