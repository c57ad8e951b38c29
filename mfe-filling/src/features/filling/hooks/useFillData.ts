import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import { SCHEDULED_FORM_EXPIRED_MESSAGE, type FilledForm } from '@formularze/domain/schemas/filled-data';
import type { FormStatus, FormTemplate, ScheduledForm } from '@formularze/domain/schemas/forms';
import { formTemplateQuery, scheduledSlotQuery, startingAnswersQuery } from '../api';
import { LONG_ALERT_MS } from '../submit-flow';

/** Which filling the page is on, from its route (§2 "Filling a form"). */
export interface FillTarget {
  formId: number;
  /** /formdata/fill-scheduled-test/{formId}/{scheduledFormId} */
  scheduledFormId: number | null;
  /** /formdata/edit/{formId}/{formDataId} */
  formDataId: number | null;
}

export type FillData =
  | { status: 'loading' }
  /** `formStatus`: the form is not ACTIVE (paused, a previous edition…), so it takes no answers now. */
  | { status: 'cannot-fill'; formStatus?: FormStatus }
  | { status: 'ready'; template: FormTemplate; slot: ScheduledForm | null; filled: FilledForm | null };

const SLOT_NOT_FOUND = 'scheduled-form-not-found';

/** Someone else's window, or one of another form: the page is not theirs to open (§4 "Countdown"). */
const isForeignSlot = (error: unknown, slot: ScheduledForm | undefined, formId: number) =>
  apiErrorOf(error)?.code === SLOT_NOT_FOUND || (slot !== undefined && slot.form.id !== formId);

/**
 * The template, the scheduled window and the filled data the page starts from. A window that is
 * not the person's sends them home; one already over sends them to their active forms.
 */
export function useFillData({ formId, scheduledFormId, formDataId }: FillTarget): FillData {
  const client = useApiClient();
  const shell = useShell();
  const template = useQuery(formTemplateQuery(client, formId));
  const filled = useQuery({ ...startingAnswersQuery(client, formDataId ?? 0), enabled: formDataId !== null });
  const slot = useQuery({
    ...scheduledSlotQuery(client, scheduledFormId ?? 0),
    enabled: scheduledFormId !== null,
  });

  const foreign = scheduledFormId !== null && isForeignSlot(slot.error, slot.data, formId);
  const slotEnd = slot.data?.endDate;
  useEffect(() => {
    if (foreign) {
      shell.navigate(pathTo(FILLING_ROUTES.dashboard), { replace: true });
    } else if (slotEnd !== undefined && Date.parse(slotEnd) <= Date.now()) {
      shell.alerts.show({ text: SCHEDULED_FORM_EXPIRED_MESSAGE, isError: true, timeoutMs: LONG_ALERT_MS });
      shell.navigate(pathTo(FILLING_ROUTES.activeForms), { replace: true });
    }
  }, [foreign, slotEnd, shell]);

  if (template.isError || filled.isError || (slot.isError && !foreign)) return { status: 'cannot-fill' };
  // Only submitted answers may still be corrected while the form is not active; nothing else is saved.
  const formStatus = template.data?.status;
  if (formStatus && formStatus !== 'ACTIVE' && (formDataId === null || filled.data?.state === 'SAVED')) {
    return { status: 'cannot-fill', formStatus };
  }
  if (
    !template.data ||
    (formDataId !== null && !filled.data) ||
    (scheduledFormId !== null && !slot.data) ||
    foreign
  ) {
    return { status: 'loading' };
  }
  return { status: 'ready', template: template.data, slot: slot.data ?? null, filled: filled.data ?? null };
}
