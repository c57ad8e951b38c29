import type { DeviceAnswers, DeviceFillKey } from 'shared-ui/device-answers';
import type { FilledForm } from '@formularze/domain/schemas/filled-data';
import type { AttachedFile } from './attached-file';
import { isFileField, type FillModel, type FormValues } from './fill-model';
import type { FillTarget } from './hooks/useFillData';

/** Issue 30: shown when the page opens with the answers kept on this device. */
export const RESTORED_ANSWERS_MESSAGE = 'Przywrócono odpowiedzi zapisane na tym urządzeniu';

export const deviceFillKey = (personId: number, target: FillTarget): DeviceFillKey => ({
  personId,
  ...target,
});

/**
 * What the page starts from when this device holds a copy of the answers (ADR 600): the copy, unless
 * the server's version was saved after it was typed; then the patient chooses. Both times come from
 * different clocks, so a newer server version is never overwritten without asking.
 */
export function startingPoint(
  copy: DeviceAnswers | null,
  filled: FilledForm | null,
): 'server' | 'device' | 'ask' {
  if (!copy) return 'server';
  return filled && Date.parse(filled.updatedAt) > copy.typedAt ? 'ask' : 'device';
}

/**
 * The copy's answers over the page's starting values. Only the fields the form still has are taken;
 * a file whose upload the interruption cut short is again waiting to be uploaded with the next save.
 */
export function restoredValues(model: FillModel, start: FormValues, copy: FormValues): FormValues {
  const values: FormValues = { ...start };
  for (const key of Object.keys(start)) if (key in copy) values[key] = copy[key];
  for (const { key, field } of model.answered) {
    if (!isFileField(field) || !Array.isArray(values[key])) continue;
    values[key] = (values[key] as AttachedFile[]).map((attached) =>
      attached.status === 'uploaded' ? attached : { ...attached, status: 'pending', progress: 0 },
    );
  }
  return values;
}
