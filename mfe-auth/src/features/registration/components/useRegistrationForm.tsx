import { Field, Input } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import {
  useForm,
  useWatch,
  type Control,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { CaptchaField, NewPasswordFields } from 'shared-ui/components';
import { MAX_PASSWORD_SCORE, passwordScore } from '@formularze/domain/schemas/passwords';
import type { RegistrationMode } from '@formularze/domain/schemas/registration';
import { useRegistrationOutcome } from './useRegistrationOutcome';

/** What both registration forms hold alike. */
interface RegistrationValues {
  mail: string;
  password: string;
  repeatPassword: string;
  captcha: string;
}

export interface RegistrationFormOptions<T extends FieldValues> {
  mode: RegistrationMode;
  resolver: Resolver<T>;
  defaultValues: DefaultValues<T>;
  /** One attempt; the API may say the new account waits for activation. */
  send(values: T): Promise<{ activated?: boolean } | void>;
}

/**
 * A registration form and its attempt: the fields both forms hold (email, new password, captcha),
 * whether the form may be sent (a strong password and a solved captcha), and the attempt, which
 * clears the captcha's solution after a failure (it is good for one submission) and reports the
 * outcome.
 */
export function useRegistrationForm<T extends FieldValues>({
  mode,
  resolver,
  defaultValues,
  send,
}: RegistrationFormOptions<T>) {
  const outcome = useRegistrationOutcome(mode);
  const form = useForm<T>({ resolver, defaultValues });
  // The names are fixed; the form's own values type only has to contain them.
  const control = form.control as unknown as Control<RegistrationValues>;
  const register = form.register as unknown as UseFormRegister<RegistrationValues>;
  const setValue = form.setValue as unknown as UseFormSetValue<RegistrationValues>;
  const errors = form.formState.errors as FieldErrors<RegistrationValues>;
  const [password, captcha] = useWatch({ control, name: ['password', 'captcha'] });
  const attempt = useMutation({
    mutationFn: send,
    onMutate: outcome.clearFailure,
    onSuccess: (result) => outcome.succeeded(result ?? undefined),
    onError: (error) => {
      setValue('captcha', '');
      outcome.failed(error);
    },
  });

  return {
    form,
    failure: outcome.failure,
    submit: form.handleSubmit((values) => attempt.mutate(values)),
    ready: passwordScore(password) === MAX_PASSWORD_SCORE && captcha !== '',
    pending: attempt.isPending,
    accountFields: (
      <>
        <Field label="Email" required validationMessage={errors.mail?.message}>
          <Input {...register('mail')} type="email" autoComplete="email" />
        </Field>
        <NewPasswordFields control={control} passwordName="password" repeatName="repeatPassword" />
      </>
    ),
    captchaField: (
      <CaptchaField
        resetKey={outcome.captchaResetKey}
        onChange={(payload) => setValue('captcha', payload ?? '', { shouldValidate: payload !== null })}
        validationMessage={errors.captcha?.message}
      />
    ),
  };
}

export type RegistrationForm = ReturnType<typeof useRegistrationForm>;
