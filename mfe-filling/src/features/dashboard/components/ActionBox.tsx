import { makeStyles, mergeClasses, Subtitle1, tokens } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    color: tokens.colorNeutralForeground1,
  },
  // Palette tokens: the high-contrast theme maps them to its own background and border colours.
  todo: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteRedBorder2}`,
  },
  done: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteGreenBorder2}`,
  },
});

export interface ActionBoxProps {
  title: string;
  /** Red: waiting for the person; green: saved or done. */
  tone: 'todo' | 'done';
  children: ReactNode;
}

/** A coloured box of the home page, a region named by its heading. */
export function ActionBox({ title, tone, children }: ActionBoxProps) {
  const styles = useStyles();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={mergeClasses(styles.box, styles[tone])}>
      <Subtitle1 as="h3" id={headingId}>
        {title}
      </Subtitle1>
      {children}
    </section>
  );
}
