import { AppLink } from 'shared-ui/components';
import type { MyForm, ScheduledForm } from '@formularze/domain/schemas/forms';
import { fillFormPath, fillScheduledFormPath, type ScheduledFillState } from './paths';

/** The link that fills a form without a schedule, named after the form for screen readers. */
export function FillFormLink({ form, text }: { form: Pick<MyForm, 'id' | 'name'>; text: string }) {
  return (
    <AppLink to={fillFormPath(form.id)} aria-label={`${text} ${form.name}`}>
      {text}
    </AppLink>
  );
}

/**
 * The link that fills a scheduled window, named after its form for screen readers. It carries
 * when the window ends, so the fill page's countdown starts before the window is loaded.
 */
export function FillSlotLink({ slot, text }: { slot: ScheduledForm; text: string }) {
  const state: ScheduledFillState = { endDate: slot.endDate };
  return (
    <AppLink
      to={fillScheduledFormPath(slot.form.id, slot.id)}
      state={state}
      aria-label={`${text} ${slot.form.name}`}
    >
      {text}
    </AppLink>
  );
}
