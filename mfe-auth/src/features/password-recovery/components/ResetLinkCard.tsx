import { Button, Text } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useEffect, type FormEventHandler, type ReactNode } from 'react';
import { AppLink, FormCard } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { LINK_NOT_SENT, LINK_SENT } from '../api';

/** Asks for a reset link with `send`; once sent, says so and goes back to the login at `loginPath`. */
export function useResetLinkRequest<Values>(send: (values: Values) => Promise<unknown>, loginPath: string) {
  const shell = useShell();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      shell.alerts.show({ text: LINK_SENT });
      shell.navigate(loginPath);
    },
    onError: () => shell.alerts.show({ text: LINK_NOT_SENT, isError: true }),
  });
}

export interface ResetLinkCardProps {
  /** The card's and the page's title. */
  title: string;
  intro: string;
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  back: { to: string; label: string };
  /** The login field. */
  children: ReactNode;
}

/** A request for a password reset link: what to give, the login field, 'Wyślij link' and the way back. */
export function ResetLinkCard({ title, intro, busy, onSubmit, back, children }: ResetLinkCardProps) {
  const shell = useShell();
  useEffect(() => shell.page.setTitle(title), [shell, title]);
  return (
    <FormCard title={title} onSubmit={onSubmit}>
      <Text>{intro}</Text>
      {children}
      <Button appearance="primary" type="submit" disabled={busy}>
        Wyślij link
      </Button>
      <AppLink to={back.to}>{back.label}</AppLink>
    </FormCard>
  );
}
