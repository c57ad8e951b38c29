import {
  Button,
  Caption1,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Subtitle1,
  tokens,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { apiErrorOf } from 'shared-ui/api-client';
import { CaptchaField, NewPasswordFields } from 'shared-ui/components';
import {
  adminRegistrationForm,
  ORGANIZATION_CREATED_MESSAGE,
  ORGANIZATION_CREATED_TIMEOUT_MS,
  type AdminRegistrationForm,
} from '@formularze/domain/schemas/admin';
import { REQUIRED_FIELDS_NOTE } from '@formularze/domain/schemas/passwords';
import { toRegisterOrganizationBody } from '@formularze/domain/schemas/registration';
import { registerOrganization, useOwnerClient } from '../api';

const EMPTY: AdminRegistrationForm = { name: '', mail: '', password: '', repeatPassword: '', captcha: '' };

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '420px' },
});

/** The API's messages are Polish already; anything without one is reported as the spec says. */
function failureMessage(error: unknown): string {
  return apiErrorOf(error)?.message ?? `Błąd rejestracji, (${(error as Error).message}).`;
}

/**
 * Founds an organization and its owner. Submitting needs every field valid, a full-strength
 * password and a solved captcha; success is shown for 3 s, then the form starts over.
 */
export function OrganizationRegistration() {
  const styles = useStyles();
  const client = useOwnerClient();
  const [created, setCreated] = useState(false);
  const [captchaResetKey, setCaptchaResetKey] = useState(0);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    reset,
    formState: { errors },
  } = useForm<AdminRegistrationForm>({
    resolver: zodResolver(adminRegistrationForm),
    defaultValues: EMPTY,
    // The submit button stays disabled until all is valid, so each field says what is wrong once left.
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  const ready = adminRegistrationForm.safeParse(values).success;

  const creation = useMutation({
    mutationFn: (form: AdminRegistrationForm) =>
      registerOrganization(client, toRegisterOrganizationBody(form)),
    onSuccess: () => setCreated(true),
    // A solution is good for one submission, accepted or not.
    onSettled: () => setValue('captcha', ''),
    onError: () => setCaptchaResetKey((key) => key + 1),
  });

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => {
      setCreated(false);
      reset(EMPTY);
      setCaptchaResetKey((key) => key + 1);
    }, ORGANIZATION_CREATED_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [created, reset]);

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit((form) => creation.mutate(form))}>
      <Subtitle1 as="h3">Załóż organizację</Subtitle1>
      {created && (
        <MessageBar intent="success">
          <MessageBarBody>{ORGANIZATION_CREATED_MESSAGE}</MessageBarBody>
        </MessageBar>
      )}
      {creation.isError && (
        <MessageBar intent="error">
          <MessageBarBody>{failureMessage(creation.error)}</MessageBarBody>
        </MessageBar>
      )}
      <Field label="Nazwa organizacji" required validationMessage={errors.name?.message}>
        <Input {...register('name')} autoComplete="organization" />
      </Field>
      <Field label="Email" required validationMessage={errors.mail?.message}>
        <Input {...register('mail')} type="email" autoComplete="off" />
      </Field>
      <NewPasswordFields control={control} passwordName="password" repeatName="repeatPassword" />
      <CaptchaField
        resetKey={captchaResetKey}
        onChange={(payload) => setValue('captcha', payload ?? '', { shouldValidate: payload !== null })}
        validationMessage={errors.captcha?.message}
      />
      <Caption1>{REQUIRED_FIELDS_NOTE}</Caption1>
      <div>
        <Button appearance="primary" type="submit" disabled={!ready || creation.isPending || created}>
          {creation.isPending ? 'Trwa zakładanie organizacji…' : 'Załóż organizację'}
        </Button>
      </div>
    </form>
  );
}
