import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { AppLink, ConfirmDialog } from 'shared-ui/components';
import { formatCalendarDay, formatDateTime } from '@formularze/domain/schemas/display-format';
import type { FilledFormSummary } from '@formularze/domain/schemas/filled-data';
import { FORM_STATUS_LABELS, type ScheduledForm } from '@formularze/domain/schemas/forms';
import {
  activeFormsQuery,
  filledBagsQuery,
  futureSlotsQuery,
  myFilledDataQuery,
  openSlotsQuery,
} from '../../../shared/my-forms/api';
import { useNow } from '../../../shared/hooks/useNow';
import {
  editFilledDataPath,
  fillFormPath,
  fillScheduledFormPath,
  type ScheduledFillState,
} from '../../../shared/my-forms/paths';
import { useDeleteDraft } from '../hooks/useDeleteDraft';
import { SectionTable } from './SectionTable';

/** An ending window's action changes on screen without a reload. */
const CLOCK_TICK_MS = 30_000;

export function ActiveFormsSection() {
  return (
    <SectionTable
      title="Aktywne formularze"
      columns={['Nazwa', 'Projekt', 'Dostępny do', 'Akcje']}
      emptyText="Brak aktywnych formularzy"
      section="active"
      list={(client, page) => activeFormsQuery(client, { ...page, sortBy: 'name' })}
      rowKey={(form) => form.id}
      cells={(form) => [
        form.name,
        form.formGroup?.name ?? '—',
        form.validTo ? formatCalendarDay(form.validTo) : 'bez terminu',
        <AppLink key="fill" to={fillFormPath(form.id)} aria-label={`Wypełnij ${form.name}`}>
          Wypełnij
        </AppLink>,
      ]}
    />
  );
}

function SlotAction({ slot, now }: { slot: ScheduledForm; now: number }) {
  // A window of a 'multi' schedule stays ready to fill after each fill; the API says which.
  if (!slot.readyToFill && slot.filledBy) return <>Wypełniony</>;
  if (!slot.readyToFill || Date.parse(slot.endDate) <= now) return <>Czas na wypełnienie minął</>;
  const state: ScheduledFillState = { endDate: slot.endDate };
  return (
    <AppLink
      to={fillScheduledFormPath(slot.form.id, slot.id)}
      state={state}
      aria-label={`Wypełnij ${slot.form.name}`}
    >
      Wypełnij
    </AppLink>
  );
}

export function OpenSlotsSection() {
  const now = useNow(CLOCK_TICK_MS);
  return (
    <SectionTable
      title="Aktywne zaplanowane formularze"
      columns={['Nazwa', 'Od', 'Do', 'Akcje']}
      emptyText="Brak zaplanowanych formularzy do wypełnienia teraz"
      section="open-slots"
      list={(client, page) => openSlotsQuery(client, { ...page, sortBy: 'startDate' })}
      rowKey={(slot) => slot.id}
      cells={(slot) => [
        slot.form.name,
        formatDateTime(slot.startDate),
        formatDateTime(slot.endDate),
        <SlotAction key="action" slot={slot} now={now} />,
      ]}
    />
  );
}

export function FutureSlotsSection() {
  return (
    <SectionTable
      title="Zaplanowane formularze"
      columns={['Nazwa', 'Od', 'Do']}
      emptyText="Brak zaplanowanych formularzy"
      section="future-slots"
      list={(client, page) => futureSlotsQuery(client, { ...page, sortBy: 'startDate' })}
      rowKey={(slot) => slot.id}
      cells={(slot) => [slot.form.name, formatDateTime(slot.startDate), formatDateTime(slot.endDate)]}
    />
  );
}

export function ArchiveSection() {
  return (
    <SectionTable
      title="Archiwalne formularze"
      columns={['Nazwa', 'Projekt', 'Status']}
      emptyText="Brak archiwalnych formularzy"
      section="archive"
      list={(client, page) => filledBagsQuery(client, { ...page, sortBy: 'name' })}
      rowKey={(form) => form.id}
      cells={(form) => [form.name, form.formGroup?.name ?? '—', FORM_STATUS_LABELS[form.status]]}
    />
  );
}

export function DraftsSection() {
  const remove = useDeleteDraft();
  const [toRemove, setToRemove] = useState<FilledFormSummary | null>(null);
  return (
    <>
      <SectionTable
        title="Zapisane formularze - wersja robocza"
        columns={['Nazwa', 'Utworzono', 'Ostatni zapis', 'Akcje']}
        emptyText="Brak zapisanych wersji roboczych"
        section="drafts"
        list={(client, page) => myFilledDataQuery(client, 'SAVED', { ...page, sortBy: '-createdAt' })}
        rowKey={(draft) => draft.id}
        cells={(draft) => [
          draft.form.name,
          formatDateTime(draft.createdAt),
          formatDateTime(draft.updatedAt),
          <span key="actions">
            <AppLink
              to={editFilledDataPath(draft.form.id, draft.id)}
              aria-label={`Edytuj ${draft.form.name}`}
            >
              Edytuj
            </AppLink>{' '}
            <Button
              appearance="subtle"
              aria-label={`Usuń ${draft.form.name}`}
              disabled={remove.isPending}
              onClick={() => setToRemove(draft)}
            >
              Usuń
            </Button>
          </span>,
        ]}
      />
      <ConfirmDialog
        open={toRemove !== null}
        title="Usunąć wersję roboczą?"
        confirmLabel="Usuń"
        busy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (toRemove) remove.mutate(toRemove.id);
          setToRemove(null);
        }}
      >
        Wersja robocza formularza {toRemove?.form.name} zostanie usunięta. Tej operacji nie można cofnąć.
      </ConfirmDialog>
    </>
  );
}
