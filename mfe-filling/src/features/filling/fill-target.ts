import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { formTemplateQuery, scheduledSlotQuery, startingAnswersQuery } from './api';
import type { FillTarget } from './hooks/useFillData';

/** The fill page's routes (§2 "Filling a form"). */
export const FILL_PATHS = [
  '/formdata/add/:formId',
  '/formdata/fill-scheduled-test/:formId/:scheduledFormId',
  '/formdata/edit/:formId/:formdataId',
] as const;

const idOf = (segment: string | undefined) =>
  segment !== undefined && /^\d+$/.test(segment) && Number(segment) > 0 ? Number(segment) : null;

/** The filling an address of FILL_PATHS opens; null for any other address or an id that is not one. */
export function fillTargetOfPath(pathname: string): FillTarget | null {
  const [root, kind, form, second, ...rest] = pathname.split('/').filter(Boolean);
  const formId = idOf(form);
  if (root !== 'formdata' || formId === null || rest.length > 0) return null;
  if (kind === 'add' && second === undefined) return { formId, scheduledFormId: null, formDataId: null };
  const secondId = idOf(second);
  if (secondId === null) return null;
  if (kind === 'fill-scheduled-test') return { formId, scheduledFormId: secondId, formDataId: null };
  if (kind === 'edit') return { formId, scheduledFormId: null, formDataId: secondId };
  return null;
}

/** Requests what the fill page starts from: the template, and the window or the saved filling it opens. */
export function prefetchFillData(queryClient: QueryClient, client: ApiClient, target: FillTarget): void {
  void queryClient.prefetchQuery(formTemplateQuery(client, target.formId));
  if (target.scheduledFormId !== null) {
    void queryClient.prefetchQuery(scheduledSlotQuery(client, target.scheduledFormId));
  }
  if (target.formDataId !== null)
    void queryClient.prefetchQuery(startingAnswersQuery(client, target.formDataId));
}
