import { AppLink, InfoDialog } from 'shared-ui/components';
import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import type { AdherenceForm, AdherenceSlot } from '@formularze/domain/schemas/adherence';
import { formatDateTime, formatPoints } from '@formularze/domain/schemas/display-format';
import { SLOT_STATUS_TEXT } from '../slot-status';

export interface SlotDetailsDialogProps {
  slot: AdherenceSlot | null;
  personName: string;
  forms: readonly AdherenceForm[];
  onClose(): void;
}

/** One slot's details, with the way to its filled form when there is one. */
export function SlotDetailsDialog({ slot, personName, forms, onClose }: SlotDetailsDialogProps) {
  const form = slot && forms.find((candidate) => candidate.bagId === slot.bagId);
  return (
    <InfoDialog open={slot !== null} title={`Termin wypełnienia: ${personName}`} onClose={onClose}>
      {slot && (
        <>
          <dl>
            {form && (
              <>
                <dt>Formularz</dt>
                <dd>{form.name}</dd>
              </>
            )}
            <dt>Stan</dt>
            <dd>{SLOT_STATUS_TEXT[slot.status].label}</dd>
            <dt>Termin</dt>
            <dd>
              {formatDateTime(slot.startsAt)} – {formatDateTime(slot.endsAt)}
            </dd>
            <dt>Wypełniono</dt>
            <dd>{slot.filledAt ? formatDateTime(slot.filledAt) : '—'}</dd>
            <dt>Punkty</dt>
            <dd>{slot.score === null ? '—' : formatPoints(slot.score)}</dd>
          </dl>
          {slot.filledFormId !== null && (
            <AppLink to={pathTo(FILLING_ROUTES.details, { formDataId: slot.filledFormId })}>
              Otwórz wypełniony formularz
            </AppLink>
          )}
        </>
      )}
    </InfoDialog>
  );
}
