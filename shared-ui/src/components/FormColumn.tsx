import type { FormHTMLAttributes } from 'react';
import { useStackStyles } from './stack-styles';

export interface FormColumnProps extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'className' | 'style' | 'noValidate'
> {
  /** How wide the fields may grow, a CSS length such as '640px'. */
  maxWidth: string;
}

/**
 * A form whose fields stand one under another, no wider than `maxWidth`. The form's own schema
 * checks the fields and says what is wrong, so the browser's checks are off (`noValidate`).
 */
export function FormColumn({ maxWidth, ...formProps }: FormColumnProps) {
  const stack = useStackStyles();
  // The width is each form's own, so it goes inline rather than into a class per width.
  return <form {...formProps} noValidate className={stack.m} style={{ maxWidth }} />;
}
