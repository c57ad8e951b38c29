import { Checkbox, makeStyles, tokens } from '@fluentui/react-components';

/** The colour a newly ticked colour starts from (a rule or an answer marks a result with it). */
export const DEFAULT_MARK_COLOR = '#d13438';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '32px' },
  picker: {
    inlineSize: '44px',
    blockSize: '28px',
    padding: 0,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

export interface ColorFieldProps {
  /** The checkbox's label; the picker is labelled 'Wybierz …' after it. */
  label: string;
  /** `#rrggbb`, or null: no colour. */
  value: string | null | undefined;
  onChange(color: string | null): void;
  onBlur?(): void;
  disabled?: boolean;
}

/** An optional colour: a checkbox turns it on or off, the browser's colour picker chooses it. */
export function ColorField({ label, value, onChange, onBlur, disabled }: ColorFieldProps) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Checkbox
        label={label}
        checked={Boolean(value)}
        disabled={disabled}
        onBlur={onBlur}
        onChange={(_event, data) => onChange(data.checked === true ? DEFAULT_MARK_COLOR : null)}
      />
      {value && (
        <input
          type="color"
          className={styles.picker}
          aria-label={`Wybierz ${label.toLocaleLowerCase('pl')}`}
          value={value}
          disabled={disabled}
          onBlur={onBlur}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}
