import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import {
  joinOrganizationResponse,
  organizationNames,
  registerOrganizationResponse,
  registrationChannelUrl,
  TENANT_CREATED,
  type JoinOrganizationBody,
  type RegisterOrganizationBody,
} from '@formularze/domain/schemas/registration';

export const organizationNamesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['organizations', 'names'],
    queryFn: async () => organizationNames.parse((await client.get('/api/organizations/names')).data),
  });

export async function registerOrganization(client: ApiClient, body: RegisterOrganizationBody) {
  return registerOrganizationResponse.parse((await client.post('/api/organizations/register', body)).data);
}

export async function joinOrganization(
  client: ApiClient,
  organizationId: number,
  body: JoinOrganizationBody,
) {
  const response = await client.post(`/api/organizations/${organizationId}/join`, body);
  return joinOrganizationResponse.parse(response.data);
}

/** How long the create form waits for the organization to exist before it reports a failure. */
export const TENANT_CREATION_TIMEOUT_MS = 30_000;
export const TENANT_CREATION_TIMEOUT_MESSAGE = 'przekroczono czas oczekiwania na założenie organizacji';
export const CHANNEL_FAILED_MESSAGE = 'nie udało się połączyć z serwerem';

export interface TenantChannel {
  /** Resolves once the channel listens: only then is the registration sent. */
  opened: Promise<void>;
  /** Resolves when the server says the organization exists; rejects on failure or after the timeout. */
  created: Promise<void>;
  close(): void;
}

/**
 * Opens the live registration channel of `channelToken` (before the registration carrying the same
 * token is sent, so the message cannot be missed) and waits for the tenant-created message.
 */
export function openTenantChannel(
  channelToken: string,
  { timeoutMs = TENANT_CREATION_TIMEOUT_MS, origin = window.location.origin } = {},
): TenantChannel {
  const socket = new WebSocket(registrationChannelUrl(origin, channelToken));
  let settled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(CHANNEL_FAILED_MESSAGE)), { once: true });
  });
  const created = new Promise<void>((resolve, reject) => {
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve();
    };
    timer = setTimeout(() => finish(new Error(TENANT_CREATION_TIMEOUT_MESSAGE)), timeoutMs);
    socket.addEventListener('message', (event: MessageEvent) => {
      // The marker is what counts: the message's exact shape may grow.
      if (String(event.data).includes(TENANT_CREATED)) finish();
    });
    socket.addEventListener('close', () => finish(new Error(TENANT_CREATION_TIMEOUT_MESSAGE)));
    socket.addEventListener('error', () => finish(new Error(CHANNEL_FAILED_MESSAGE)));
  });
  // Whoever awaits only one of them must not leave the other rejected and unhandled.
  opened.catch(() => undefined);
  created.catch(() => undefined);
  return {
    opened,
    created,
    close() {
      settled = true;
      clearTimeout(timer);
      socket.close();
    },
  };
}
