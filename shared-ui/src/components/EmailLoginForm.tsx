import { Button, Field, Input } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FormCard } from './FormCard';
import { PasswordInput } from './PasswordInput';

/** What a login by e-mail address and password sends. */
export interface EmailLoginValues {
  email: string;
  password: string;
}

export interface EmailLoginFormProps {
  title: string;
  /** The address box's label. */
  emailLabel: string;
  /** `email` lets the browser offer and check addresses; left out (`text`), any user name can be typed. */
  emailType?: 'email';
  /** Checks the values (e.g. `zodResolver` of the door's login schema). */
  resolver: Resolver<EmailLoginValues>;
  /** The failed login's message. */
  error?: string | null;
  /** "Zaloguj się" waits while a login is under way. */
  busy: boolean;
  onSubmit(values: EmailLoginValues): void;
  /** Above the boxes (e.g. the attempts left). */
  notice?: ReactNode;
  /** Under "Zaloguj się" (e.g. the links to the other doors). */
  links?: ReactNode;
}

/** A sign-in by e-mail address (or user name) and password, as the staff and the operator's doors ask. */
export function EmailLoginForm({
  title,
  emailLabel,
  emailType,
  resolver,
  error,
  busy,
  onSubmit,
  notice,
  links,
}: EmailLoginFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailLoginValues>({ resolver, defaultValues: { email: '', password: '' } });
  return (
    <FormCard title={title} error={error} onSubmit={handleSubmit(onSubmit)}>
      {notice}
      <Field label={emailLabel} required validationMessage={errors.email?.message}>
        <Input {...register('email')} type={emailType ?? 'text'} autoComplete="username" />
      </Field>
      <Field label="Hasło" required validationMessage={errors.password?.message}>
        <PasswordInput {...register('password')} autoComplete="current-password" />
      </Field>
      <Button appearance="primary" type="submit" disabled={busy}>
        Zaloguj się
      </Button>
      {links}
    </FormCard>
  );
}
