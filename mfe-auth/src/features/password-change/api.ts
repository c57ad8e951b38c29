import type { ApiClient } from 'shared-ui/api-client';
import type { ChangePasswordBody } from '@formularze/domain/schemas/recovery';

/** `PUT /api/auth/change_password`: 204, or 400 `invalid-old-password`. */
export async function changePassword(client: ApiClient, body: ChangePasswordBody): Promise<void> {
  await client.put('/api/auth/change_password', body);
}
