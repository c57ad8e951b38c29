import { useState } from 'react';
import { apiErrorOf } from 'shared-ui/api-client';
import { useShell } from 'shared-ui/remote';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';
import { REGISTRATION_SUCCESS_MESSAGE, type RegistrationMode } from '@formularze/domain/schemas/registration';
import { registrationFailure } from '../registration-errors';

/** The success message stays 3 s (spec §9); the longer one about activation needs time to be read. */
export const SUCCESS_ALERT_MS = 3000;
export const NOT_ACTIVATED_ALERT_MS = 7000;
export const NOT_ACTIVATED_MESSAGE = `${REGISTRATION_SUCCESS_MESSAGE} Konto zostanie aktywowane przez organizację — zalogujesz się po aktywacji.`;

/**
 * What both forms do after an attempt: on success an alert and the patients' login page; on
 * failure the mapped message above the form (an error alert as well when unexpected), and a new
 * captcha, since a solution is good for one submission.
 */
export function useRegistrationOutcome(mode: RegistrationMode) {
  const shell = useShell();
  const [failure, setFailure] = useState<string | null>(null);
  const [captchaResetKey, setCaptchaResetKey] = useState(0);

  return {
    failure,
    captchaResetKey,
    clearFailure: () => setFailure(null),
    succeeded({ activated = true }: { activated?: boolean } = {}) {
      shell.alerts.show(
        activated
          ? { text: REGISTRATION_SUCCESS_MESSAGE, timeoutMs: SUCCESS_ALERT_MS }
          : { text: NOT_ACTIVATED_MESSAGE, timeoutMs: NOT_ACTIVATED_ALERT_MS },
      );
      shell.navigate(pathTo(AUTH_ROUTES.login));
    },
    failed(error: unknown) {
      const outcome = registrationFailure(
        mode,
        apiErrorOf(error),
        error instanceof Error ? error.message : String(error),
      );
      setFailure(outcome.message);
      if (outcome.alert) shell.alerts.show({ text: outcome.message, isError: true });
      setCaptchaResetKey((key) => key + 1);
    },
  };
}
