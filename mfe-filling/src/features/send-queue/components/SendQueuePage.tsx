import {
  Body1,
  Button,
  Card,
  CardHeader,
  makeStyles,
  Text,
  Title2,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { ConfirmDialog, useStackStyles } from 'shared-ui/components';
import { useSession, useShell } from 'shared-ui/remote';
import { useLocation } from 'shared-ui/routing';
import { removeQueuedSubmission, watchQueuedSubmissions, type QueuedSubmission } from 'shared-ui/send-queue';
import { isQueuedArrival, QUEUED_MESSAGE } from '../../../shared/filled-data/queued-arrival';

const useStyles = makeStyles({
  answers: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(8em, max-content) 1fr',
    gap: tokens.spacingVerticalXS,
  },
  label: { fontWeight: tokens.fontWeightSemibold },
  answer: { margin: 0, overflowWrap: 'anywhere' },
  reason: { color: tokens.colorPaletteRedForeground1 },
  notice: { fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

const STATE_TEXT = {
  waiting: 'Oczekuje na wysłanie',
  sending: 'Wysyłanie…',
  refused: 'Nie przyjęto',
} as const;

const queuedAtText = (time: number) =>
  new Date(time).toLocaleString('pl-PL', { dateStyle: 'short', timeStyle: 'short' });

/** The answers as text, for the clipboard: what the patient can keep of a refused submission. */
const answersText = (entry: QueuedSubmission) =>
  [entry.formName, ...entry.texts.map(({ label, answer }) => `${label}: ${answer}`)].join('\n');

function QueuedCard({ entry, onDiscard }: { entry: QueuedSubmission; onDiscard(): void }) {
  const styles = useStyles();
  const shell = useShell();
  const copy = () =>
    void navigator.clipboard.writeText(answersText(entry)).then(
      () => shell.alerts.show({ text: 'Skopiowano odpowiedzi' }),
      () => shell.alerts.show({ text: 'Nie udało się skopiować odpowiedzi', isError: true }),
    );
  return (
    <Card role="article" aria-label={entry.formName}>
      <CardHeader
        header={<Title3 as="h3">{entry.formName}</Title3>}
        description={
          <Text>
            {STATE_TEXT[entry.state]} · wypełniono {queuedAtText(entry.queuedAt)}
          </Text>
        }
      />
      {entry.reason && <Body1 className={styles.reason}>{entry.reason}</Body1>}
      <details>
        <summary>Pokaż odpowiedzi</summary>
        <dl className={styles.answers}>
          {entry.texts.map(({ label, answer }, index) => (
            <div key={index} style={{ display: 'contents' }}>
              <dt className={styles.label}>{label}</dt>
              <dd className={styles.answer}>{answer}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div className={styles.actions}>
        <Button onClick={copy}>Kopiuj odpowiedzi</Button>
        {entry.state === 'refused' && <Button onClick={onDiscard}>Usuń z tego urządzenia</Button>}
      </div>
    </Card>
  );
}

/**
 * `/forms/queued`: what waits on this device to be sent, and what the server refused when it
 * arrived late (issue 30): the reason, the answers to read and copy, and discarding.
 */
export function SendQueuePage() {
  const styles = useStyles();
  const stack = useStackStyles();
  const shell = useShell();
  const { person } = useSession();
  const justQueued = isQueuedArrival(useLocation().state);
  const [entries, setEntries] = useState<QueuedSubmission[] | null>(null);
  const [discarding, setDiscarding] = useState<QueuedSubmission | null>(null);
  useEffect(() => shell.page.setTitle('Odpowiedzi do wysłania'), [shell]);
  useEffect(() => (person ? watchQueuedSubmissions(person.id, setEntries) : undefined), [person]);

  const discard = async () => {
    if (discarding) await removeQueuedSubmission(discarding.idempotencyKey);
    setDiscarding(null);
  };

  return (
    <div className={stack.l}>
      <Title2 as="h2">Odpowiedzi do wysłania</Title2>
      <div role="status">{justQueued && <Body1 className={styles.notice}>{QUEUED_MESSAGE}</Body1>}</div>
      {entries?.length === 0 && <Body1>Wszystkie odpowiedzi zostały wysłane.</Body1>}
      {entries?.map((entry) => (
        <QueuedCard key={entry.idempotencyKey} entry={entry} onDiscard={() => setDiscarding(entry)} />
      ))}
      <ConfirmDialog
        open={discarding !== null}
        title="Usunąć odpowiedzi z tego urządzenia?"
        confirmLabel="Usuń"
        onConfirm={() => void discard()}
        onCancel={() => setDiscarding(null)}
      >
        Odpowiedzi z formularza „{discarding?.formName}” nie zostały przyjęte i zostaną usunięte z tego
        urządzenia. Skopiuj je wcześniej, jeśli chcesz je zachować.
      </ConfirmDialog>
    </div>
  );
}
