import { Spinner } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApiClient, useShell } from 'shared-ui/remote';
import { useSearchParams } from 'shared-ui/routing';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';
import { resetLinkQuery } from '../reset-link-query';

export const EXPIRED_PAGE = pathTo(AUTH_ROUTES.resetLinkExpired);

/** Whether the link is still good by its `validUntil` (the server already refuses expired ones). */
export function isLinkValid(validUntil: string, now = new Date()): boolean {
  return new Date(validUntil).getTime() > now.getTime();
}

/**
 * `/password-reset-link?token=…&role=…`: the target of the link in the mail. Checks the link and
 * goes on to setting the password, or to the expired-link page.
 */
export function ResetLinkPage() {
  const shell = useShell();
  const client = useApiClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery({ ...resetLinkQuery(client, token), enabled: token !== '' });

  useEffect(() => shell.page.setTitle('Zmiana hasła'), [shell]);
  useEffect(() => {
    if (!token || link.isError) shell.navigate(EXPIRED_PAGE, { replace: true });
    else if (link.data) {
      const { validUntil, role } = link.data;
      shell.navigate(
        isLinkValid(validUntil)
          ? `${pathTo(AUTH_ROUTES.setNewPassword, { token })}?role=${role}`
          : EXPIRED_PAGE,
        { replace: true },
      );
    }
  }, [shell, token, link.data, link.isError]);

  return <Spinner label="Sprawdzanie linku…" />;
}
