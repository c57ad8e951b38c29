import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useStackStyles } from 'shared-ui/components';

const useStyles = makeStyles({
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
  const stack = useStackStyles();
  return (
    <div className={stack.xxs}>
      {children}
      {note && (
        <span id={noteId} className={styles.note}>
          {note}
        </span>
      )}
    </div>
  );
}
