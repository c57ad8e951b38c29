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
import { FillFormLink, FillSlotLink } from '../../../shared/my-forms/FillLinks';
import { editFilledDataPath } from '../../../shared/my-forms/paths';
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
      list={(client, page) => activeFormsQuery(client, page)}
      cells={(form) => [
        form.name,
        form.formGroup?.name ?? '—',
        form.validTo ? formatCalendarDay(form.validTo) : 'bez terminu',
        <FillFormLink key="fill" form={form} text="Wypełnij" />,
      ]}
    />
  );
}

function SlotAction({ slot, now }: { slot: ScheduledForm; now: number }) {
  // A window of a 'multi' schedule stays ready to fill after each fill; the API says which.
  if (!slot.readyToFill && slot.filledBy) return <>Wypełniony</>;
  if (!slot.readyToFill || Date.parse(slot.endDate) <= now) return <>Czas na wypełnienie minął</>;
  return <FillSlotLink slot={slot} text="Wypełnij" />;
}

/** A window's own cells: its form, when it opens and when it ends. */
const windowCells = (slot: ScheduledForm) => [
  slot.form.name,
  formatDateTime(slot.startDate),
  formatDateTime(slot.endDate),
];

export function OpenSlotsSection() {
  const now = useNow(CLOCK_TICK_MS);
  return (
    <SectionTable
      title="Aktywne zaplanowane formularze"
      columns={['Nazwa', 'Od', 'Do', 'Akcje']}
      emptyText="Brak zaplanowanych formularzy do wypełnienia teraz"
      section="open-slots"
      list={(client, page) => openSlotsQuery(client, page)}
      cells={(slot) => [...windowCells(slot), <SlotAction key="action" slot={slot} now={now} />]}
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
      list={(client, page) => futureSlotsQuery(client, page)}
      cells={windowCells}
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
      list={(client, page) => filledBagsQuery(client, page)}
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
        list={(client, page) => myFilledDataQuery(client, 'SAVED', page)}
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
