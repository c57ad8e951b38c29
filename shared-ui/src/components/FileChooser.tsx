import { Button, makeStyles, Text, tokens, type ButtonProps } from '@fluentui/react-components';
import { forwardRef, useId, useRef, type InputHTMLAttributes, type Ref } from 'react';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  hidden: { display: 'none' },
});

/** What the button takes beside its text: an icon, its accessible name and description, its state. */
type ChooserButtonProps = Pick<
  ButtonProps,
  'icon' | 'appearance' | 'disabled' | 'disabledFocusable' | 'aria-label' | 'aria-describedby'
> & { onBlur?(): void };

export interface FileChooserProps extends ChooserButtonProps {
  /** The button's text, e.g. 'Wybierz plik'. */
  buttonLabel: string;
  /** The file types offered (the input's `accept`); any when left out. */
  accept?: string;
  multiple?: boolean;
  onFiles(files: File[]): void;
  /**
   * What was chosen, shown beside the button ('Nie wybrano pliku' when empty); leave out when the
   * page shows the choice itself (a preview, a list).
   */
  chosen?: string | null;
  /** Given to the file input itself: a Field's props (its label names the input), a name, a ref. */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
}

/**
 * A Polish button that opens the browser's file dialog. The browser's own file input is hidden: its
 * button text ('Choose File') follows the browser's language, not the page's.
 */
export const FileChooser = forwardRef<HTMLButtonElement, FileChooserProps>(function FileChooser(
  { buttonLabel, accept, multiple, onFiles, chosen, inputProps, disabled, ...buttonProps },
  ref,
) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement | null>(null);
  const chosenId = useId();
  const { ref: inputRef, ...restOfInput } = inputProps ?? {};
  const describedBy = [buttonProps['aria-describedby'], chosen === undefined ? null : chosenId]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={styles.root}>
      <input
        {...restOfInput}
        ref={(element) => {
          input.current = element;
          if (typeof inputRef === 'function') inputRef(element);
          else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = element;
        }}
        className={styles.hidden}
        type="file"
        tabIndex={-1}
        accept={accept}
        multiple={multiple}
        disabled={Boolean(disabled) || restOfInput.disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file chosen again (after a removal) must fire a change again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button
        {...buttonProps}
        ref={ref}
        disabled={disabled}
        aria-describedby={describedBy || undefined}
        onClick={() => input.current?.click()}
      >
        {buttonLabel}
      </Button>
      {chosen !== undefined && (
        <Text id={chosenId} size={200}>
          {chosen || 'Nie wybrano pliku'}
        </Text>
      )}
    </span>
  );
});
