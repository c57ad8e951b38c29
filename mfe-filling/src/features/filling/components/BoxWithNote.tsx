import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  note: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

/**
 * A text box with a short note under it (the characters left, a number's bounds); the box names
 * `noteId` among the texts it is described by. Without a note, only the box.
 */
export function BoxWithNote({
  noteId,
  note,
  children,
}: {
  noteId: string;
  note: string | null;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      {children}
      {note && (
        <span id={noteId} className={styles.note}>
          {note}
        </span>
      )}
    </div>
  );
}
