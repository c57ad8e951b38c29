import type { ApiClient } from 'shared-ui/api-client';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';
import {
  resetLinkInfo,
  type EmployeeRecoveryBody,
  type PatientRecoveryBody,
  type ResetLinkRole,
  type ResetPasswordBody,
} from '@formularze/domain/schemas/recovery';

export async function askPatientReset(client: ApiClient, body: PatientRecoveryBody): Promise<void> {
  await client.post('/api/auth/recover_password', body);
}

export async function askEmployeeReset(client: ApiClient, body: EmployeeRecoveryBody): Promise<void> {
  await client.post('/employees/v1/password/reset/ask', body);
}

/** The link's expiry, door and login; a 404 when it is unknown, used or expired. */
export async function checkResetLink(client: ApiClient, token: string) {
  const response = await client.get(`/api/auth/reset-link/${encodeURIComponent(token)}`);
  return resetLinkInfo.parse(response.data);
}

/** Sets the password by link, at the door the link belongs to. */
export async function setPasswordByLink(
  client: ApiClient,
  role: ResetLinkRole,
  body: ResetPasswordBody,
): Promise<void> {
  await client.post(role === 'employee' ? '/employees/v1/password/reset' : '/api/auth/change_password', body);
}

/** Where each kind of account signs in. */
export const LOGIN_PAGE: Record<ResetLinkRole, string> = {
  user: pathTo(AUTH_ROUTES.login),
  employee: pathTo(AUTH_ROUTES.employeeLogin),
};

export const LINK_SENT = 'Link do zmiany hasła został wysłany';
export const LINK_NOT_SENT = 'Link do zmiany hasła nie został wysłany';
