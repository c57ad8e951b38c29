import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createApiClient } from 'shared-ui/api-client';
import { loginResponse, ownerCheck, type OwnerLoginBody } from 'shared-ui/schemas';

/** The super-admin session is separate from the app session: its own token, login and logout. */
const OWNER_TOKEN_KEY = 'ownerToken';

export const ownerToken = {
  get: () => window.sessionStorage.getItem(OWNER_TOKEN_KEY),
  set: (token: string) => window.sessionStorage.setItem(OWNER_TOKEN_KEY, token),
  clear: () => window.sessionStorage.removeItem(OWNER_TOKEN_KEY),
};

function useOwnerClient() {
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
