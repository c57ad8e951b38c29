import {
  useWatch,
  type Control,
  type FieldErrors,
  type FieldValues,
  type UseFormSetValue,
} from 'react-hook-form';
import { CaptchaField } from 'shared-ui/components';
import { MAX_PASSWORD_SCORE, passwordScore } from '@formularze/domain/schemas/passwords';
import type { useRegistrationOutcome } from './useRegistrationOutcome';

/** What both registration forms hold alike. */
interface RegistrationValues {
  password: string;
  captcha: string;
}

interface RegistrationForm<T extends FieldValues> {
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  errors: FieldErrors<T>;
}

/**
 * A registration form's captcha and its attempt: the field, whether the form may be sent (a strong
 * password and a solved captcha) and the mutation's callbacks, which clear the solution after a
 * failure (it is good for one submission) and report the outcome.
 */
export function useRegistrationCaptcha<T extends FieldValues>(
  form: RegistrationForm<T>,
  outcome: ReturnType<typeof useRegistrationOutcome>,
) {
  // The names are fixed; the form's own values type only has to contain them.
  const control = form.control as unknown as Control<RegistrationValues>;
  const setValue = form.setValue as unknown as UseFormSetValue<RegistrationValues>;
  const errors = form.errors as FieldErrors<RegistrationValues>;
  const [password, captcha] = useWatch({ control, name: ['password', 'captcha'] });

  return {
    ready: passwordScore(password) === MAX_PASSWORD_SCORE && captcha !== '',
    field: (
      <CaptchaField
        resetKey={outcome.captchaResetKey}
        onChange={(payload) => setValue('captcha', payload ?? '', { shouldValidate: payload !== null })}
        validationMessage={errors.captcha?.message}
      />
    ),
    callbacks: {
      onMutate: outcome.clearFailure,
      onSuccess: (result: { activated?: boolean } | void) => outcome.succeeded(result ?? undefined),
      onError: (error: unknown) => {
        setValue('captcha', '');
        outcome.failed(error);
      },
    },
  };
}
