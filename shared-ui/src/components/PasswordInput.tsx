import { Button, Input, type InputProps } from '@fluentui/react-components';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import { EyeOffRegular } from '@fluentui/react-icons/svg/eye-off';
import { forwardRef, useState } from 'react';

export type PasswordInputProps = Omit<InputProps, 'type' | 'contentAfter'>;

/** A password field with a show/hide toggle reachable from the keyboard. */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordInput(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <Input
        {...props}
        ref={ref}
        type={visible ? 'text' : 'password'}
        contentAfter={
          <Button
            appearance="transparent"
            size="small"
            icon={visible ? <EyeOffRegular /> : <EyeRegular />}
            aria-label={visible ? 'Ukryj hasło' : 'Pokaż hasło'}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          />
        }
      />
    );
  },
);
