import { makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons/svg/error-circle';
import { WRONG_FILE_TYPE_MESSAGE } from '@formularze/domain/schemas/uploads';
import { attachedFileName, type AttachedFile } from '../attached-file';

const useStyles = makeStyles({
  progress: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  bar: { flexGrow: 1, minWidth: '6em' },
  problem: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorPaletteRedForeground1,
  },
});

/** Where an attached file stands: waiting for the save, its upload's progress, or what went wrong. */
export function AttachedFileStatus({ attached, refused }: { attached: AttachedFile; refused: boolean }) {
  const styles = useStyles();
  if (refused) return <Problem text={WRONG_FILE_TYPE_MESSAGE} />;
  switch (attached.status) {
    case 'pending':
      return <Text size={200}>Zostanie przesłany przy zapisie formularza</Text>;
    case 'uploading': {
      const percent = `${Math.round(attached.progress * 100)}%`;
      return (
        <div className={styles.progress}>
          <ProgressBar
            className={styles.bar}
            value={attached.progress}
            max={1}
            thickness="large"
            aria-label={`Przesyłanie pliku ${attachedFileName(attached)}`}
            aria-valuetext={percent}
          />
          <Text size={200}>{percent}</Text>
        </div>
      );
    }
    case 'failed':
      return <Problem text="Nie udało się przesłać pliku" />;
    case 'uploaded':
      return null;
  }
}

function Problem({ text }: { text: string }) {
  const styles = useStyles();
  return (
    <Text size={200} className={styles.problem}>
      <ErrorCircleRegular aria-hidden />
      {text}
    </Text>
  );
}
