import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  mark: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  swatch: {
    display: 'inline-block',
    width: '1em',
    height: '1em',
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    flexShrink: 0,
  },
});

/** The colour and text a scoring rule gave an answer (staff only). The colour is the rule's own. */
export function ScoreMark({ color, text }: { color: string | null; text: string | null }) {
  const styles = useStyles();
  if (!color && !text) return null;
  return (
    <span className={styles.mark}>
      {color && (
        <span
          role="img"
          aria-label={`Kolor reguły ${color}`}
          className={styles.swatch}
          style={{ backgroundColor: color }}
        />
      )}
      {text}
    </span>
  );
}
