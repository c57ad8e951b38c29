import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { StoredFileLink } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { formatPoints } from '@formularze/domain/schemas/display-format';
import type { FilledItem } from '@formularze/domain/schemas/filled-data';
import { formatAnswer } from '../answer-format';
import { ScoreMark } from './ScoreMark';

const useStyles = makeStyles({
  list: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: {
    paddingBlockEnd: tokens.spacingVerticalM,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  label: { fontWeight: tokens.fontWeightSemibold },
  answer: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  files: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
  // A multi-line text answer (or note) keeps the lines it was written in; Fluent's text would
  // collapse them into spaces.
  lines: { whiteSpace: 'pre-line' },
});

export interface AnswerListProps {
  items: FilledItem[];
  /** Staff see what each answer scored; patients never do (§6). */
  showScores: boolean;
}

/** The answers field by field: the label, the answer, the note, the files and, for staff, the score. */
export function AnswerList({ items, showScores }: AnswerListProps) {
  const styles = useStyles();
  const client = useApiClient();
  const shell = useShell();
  const fileFailed = () => shell.alerts.show({ text: 'Nie udało się otworzyć pliku', isError: true });
  if (items.length === 0) return <Body1>Brak odpowiedzi</Body1>;
  return (
    <dl className={styles.list}>
      {items.map((item) => {
        const answer = formatAnswer(item);
        return (
          <div key={item.id} className={styles.item}>
            <dt className={styles.label}>{item.label || 'Pole bez nazwy'}</dt>
            <dd className={styles.answer}>
              {(answer !== null || item.files.length === 0) && (
                <Body1 className={styles.lines}>{answer ?? '—'}</Body1>
              )}
              {item.alternativeAnswer && (
                <Body1 className={styles.lines}>Inna odpowiedź: {item.alternativeAnswer}</Body1>
              )}
              {item.files.length > 0 && (
                <ul className={styles.files} aria-label={`Pliki: ${item.label || 'Pole bez nazwy'}`}>
                  {item.files.map((file) => (
                    <li key={file.id}>
                      <StoredFileLink client={client} file={file} onError={fileFailed} />
                    </li>
                  ))}
                </ul>
              )}
              {item.note && <Caption1 className={styles.lines}>Uwaga: {item.note}</Caption1>}
              {showScores && (
                <>
                  {item.weight !== null && <Caption1>Punkty: {formatPoints(item.weight)}</Caption1>}
                  <ScoreMark color={item.color} text={item.text} />
                </>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
