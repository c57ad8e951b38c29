import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { checkResetLink } from './api';

/** The check of a reset link, shared by the link page and the new-password page (one request). */
export const resetLinkQuery = (client: ApiClient, token: string) =>
  queryOptions({
    queryKey: ['reset-link', token] as const,
    queryFn: () => checkResetLink(client, token),
    // A 404 means the link is gone: asking again will not change that.
    retry: false,
  });
