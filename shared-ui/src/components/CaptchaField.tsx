import { Field, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useEffectEvent, useRef } from 'react';
import type {} from 'altcha/types/react';

export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

/**
 * The widget's colours and shape from the Fluent theme, so it follows the light and the
 * high-contrast theme and the font level like the rest of the form.
 */
const useStyles = makeStyles({
  widget: {
    '--altcha-color-base': tokens.colorNeutralBackground1,
    '--altcha-color-base-content': tokens.colorNeutralForeground1,
    '--altcha-color-neutral': tokens.colorNeutralBackground3,
    '--altcha-color-neutral-content': tokens.colorNeutralForeground1,
    '--altcha-color-primary': tokens.colorBrandBackground,
    '--altcha-color-primary-content': tokens.colorNeutralForegroundOnBrand,
    '--altcha-color-success': tokens.colorPaletteGreenForeground1,
    '--altcha-color-success-content': tokens.colorNeutralForegroundOnBrand,
    '--altcha-color-error': tokens.colorPaletteRedForeground1,
    '--altcha-color-error-content': tokens.colorNeutralForegroundOnBrand,
    '--altcha-border-color': tokens.colorNeutralStroke1,
    '--altcha-checkbox-border-color': tokens.colorNeutralStrokeAccessible,
    '--altcha-checkbox-outline-color': tokens.colorStrokeFocus2,
    '--altcha-border-radius': tokens.borderRadiusMedium,
    '--altcha-max-width': '100%',
    display: 'block',
    fontSize: 'inherit',
    // The widget draws its tick icon over the centre of its checkbox; the icon lets clicks and
    // pointer hits through to the checkbox beneath it.
    '& .altcha-checkbox svg': { pointerEvents: 'none' },
  },
});

export interface CaptchaFieldProps {
  /** The solved payload, or null while unsolved, expired or failed. */
  onChange(payload: string | null): void;
  /** Changing it starts over with a new challenge (a solution is good for one submission). */
  resetKey: number;
  validationMessage?: string;
}

type AltchaStateEvent = CustomEvent<{ state: string; payload?: string | null }>;

/**
 * The self-hosted ALTCHA proof of work (`<altcha-widget>`, a web component) of the registration
 * screen and the super-admin panel. Its script loads only when the field is shown; the solution
 * is read from its `statechange` event.
 */
export function CaptchaField({ onChange, resetKey, validationMessage }: CaptchaFieldProps) {
  const styles = useStyles();
  const widget = useRef<HTMLElement>(null);
  const report = useEffectEvent((payload: string | null) => onChange(payload));

  useEffect(() => {
    // Registers the custom element (with Polish texts); upgrading the element already rendered.
    void import('altcha').then(() => import('altcha/i18n/pl'));
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as AltchaStateEvent).detail;
      report(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, []);

  useEffect(() => {
    if (resetKey === 0) return;
    (widget.current as (HTMLElement & { reset?(): void }) | null)?.reset?.();
    report(null);
  }, [resetKey]);

  return (
    <Field label="Weryfikacja" required validationMessage={validationMessage}>
      <altcha-widget ref={widget} className={styles.widget} challenge={CAPTCHA_CHALLENGE_URL} language="pl" />
    </Field>
  );
}
