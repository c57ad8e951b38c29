import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { organizationProfile } from '@formularze/domain/schemas/profile';

/**
 * `GET /api/organizations/my`, for those who may read the organization's profile: one cache entry,
 * so the about page shows what the profile page just saved.
 */
export const organizationProfileQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['profile', 'organization'],
    queryFn: async () => organizationProfile.parse((await client.get('/api/organizations/my')).data),
  });
