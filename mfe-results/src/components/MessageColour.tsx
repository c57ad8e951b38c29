import { makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  swatch: {
    display: 'inline-block',
    flexShrink: 0,
    width: '1.25em',
    height: '1.25em',
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    // The colour is the form rule's message itself: kept as chosen where the system forces colours.
    forcedColorAdjust: 'none',
  },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

export interface MessageColourProps {
  /** The form rule's colour, `#rrggbb`. */
  color: string | null;
  /** The form rule's text, shown beside the swatch. */
  text: string | null;
}

/**
 * The message a score earned: a swatch of the rule's colour and its text. A colour alone says
 * nothing to a screen reader or in the high-contrast theme, so a rule without text is announced
 * by its colour code.
 */
export function MessageColour({ color, text }: MessageColourProps) {
  const styles = useStyles();
  if (!color && !text) return <Text>—</Text>;
  return (
    <span className={styles.root}>
      {color && <span className={styles.swatch} style={{ backgroundColor: color }} aria-hidden />}
      {text ? <Text>{text}</Text> : <span className={styles.hidden}>{`Kolor ${color}`}</span>}
    </span>
  );
}
