import {
  Body1,
  Button,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Subtitle1,
  TableCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadedTable, loadingTexts, useStackStyles } from 'shared-ui/components';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import type { OutboxMessage, OutboxStatus } from '@formularze/domain/schemas/admin';
import { outboxQuery, useOwnerClient } from '../api';

const useStyles = makeStyles({
  pager: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  error: { wordBreak: 'break-word' },
  body: { whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: tokens.fontFamilyMonospace },
});

const FILTERS: ReadonlyArray<{ value: OutboxStatus | 'all'; label: string }> = [
  { value: 'all', label: 'Wszystkie' },
  { value: 'waiting', label: 'Oczekujące' },
  { value: 'sent', label: 'Wysłane' },
];
const COLUMNS = ['Odbiorca', 'Kanał', 'Temat', 'Utworzono', 'Wysłano', 'Próby', 'Ostatni błąd', 'Treść'];
const CHANNELS: Record<OutboxMessage['channel'], string> = { mail: 'e-mail', sms: 'SMS' };
const LABEL = 'Wiadomości do użytkowników';

/** A waiting message without a next attempt is one the worker gave up on, or cannot send at all. */
function delivery(message: OutboxMessage): string {
  if (message.sentAt) return formatDateTime(message.sentAt);
  return message.nextAttemptAt ? `oczekuje (próba ${formatDateTime(message.nextAttemptAt)})` : 'wstrzymana';
}

/**
 * The outbox: mail and SMS the platform sent or still has to send, newest first. A message held
 * (no SMTP_URL or SMS provider, or given up on) shows its text, for the operator to pass on.
 */
export function OutboxViewer() {
  const styles = useStyles();
  const stack = useStackStyles();
  const client = useOwnerClient();
  const [filter, setFilter] = useState<OutboxStatus | 'all'>('all');
  const [page, setPage] = useState(0);
  const messages = useQuery({
    ...outboxQuery(client, { status: filter === 'all' ? undefined : filter, page }),
    placeholderData: keepPreviousData,
  });

  const pages = messages.data ? Math.max(1, Math.ceil(messages.data.total / messages.data.pageSize)) : 1;

  return (
    <section className={stack.m} aria-labelledby="outbox-heading">
      <Subtitle1 as="h3" id="outbox-heading">
        {LABEL}
      </Subtitle1>
      <Field label="Pokaż">
        <RadioGroup
          layout="horizontal"
          value={filter}
          onChange={(_event, data) => {
            setFilter(data.value as OutboxStatus | 'all');
            setPage(0);
          }}
        >
          {FILTERS.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} />
          ))}
        </RadioGroup>
      </Field>
      <LoadedTable
        query={messages}
        rows={messages.data?.messages}
        empty={messages.data?.messages.length === 0}
        label={LABEL}
        columns={COLUMNS}
        texts={{
          ...loadingTexts('wiadomości'),
          empty: 'Brak wiadomości.',
        }}
        renderRow={(message) => (
          <TableRow key={message.id}>
            <TableCell>{message.recipient}</TableCell>
            <TableCell>{CHANNELS[message.channel]}</TableCell>
            <TableCell>{message.subject}</TableCell>
            <TableCell>{formatDateTime(message.createdAt)}</TableCell>
            <TableCell>{delivery(message)}</TableCell>
            <TableCell>{message.attempts}</TableCell>
            <TableCell className={styles.error}>{message.lastError ?? '—'}</TableCell>
            {/* Only a held message has its text here: the operator passes it on by hand. */}
            <TableCell className={styles.body}>{message.body ?? '—'}</TableCell>
          </TableRow>
        )}
      >
        <nav className={styles.pager} aria-label="Strony wiadomości">
          <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
            Poprzednia strona
          </Button>
          <Body1>
            Strona {page + 1} z {pages}
          </Body1>
          <Button disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Następna strona
          </Button>
        </nav>
      </LoadedTable>
    </section>
  );
}
