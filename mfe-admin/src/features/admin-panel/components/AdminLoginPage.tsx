import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { EmailLoginForm } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { Navigate } from 'shared-ui/routing';
import { ADMIN_ROUTES, ownerLoginForm, pathTo } from '@formularze/domain/schemas';
import { useOwnerCheck, useOwnerLogin } from '../api';

const resolver = zodResolver(ownerLoginForm);

/** `/admin-panel/login`: the platform operator's own login. */
export function AdminLoginPage() {
  const shell = useShell();
  const check = useOwnerCheck();
  const login = useOwnerLogin();

  useEffect(() => shell.page.setTitle('Panel administracyjny'), [shell]);

  if (check.isSuccess) return <Navigate to={pathTo(ADMIN_ROUTES.adminPanel)} replace />;

  return (
    <EmailLoginForm
      title="Logowanie administratora"
      emailLabel="Nazwa użytkownika"
      resolver={resolver}
      error={login.isError ? 'Błąd logowania' : null}
      busy={login.isPending}
      onSubmit={(values) => login.mutate(values)}
    />
  );
}
