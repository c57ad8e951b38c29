import type { FilledFormSummary } from '@formularze/domain/schemas/filled-data';
import type { MyForm, ScheduledForm } from '@formularze/domain/schemas/forms';
import type { Paged } from '@formularze/domain/schemas/paging';

/** Test data of the person's own lists, as the API answers them. */

export function aMyForm(id: number, name: string, overrides: Partial<MyForm> = {}): MyForm {
  return {
    id,
    name,
    description: null,
    edition: 1,
    bag: { id },
    status: 'ACTIVE',
    formGroup: null,
    allowDrafting: true,
    validSince: '2026-06-01',
    validTo: null,
    ...overrides,
  };
}

export function aSlot(
  id: number,
  formId: number,
  name: string,
  overrides: Partial<ScheduledForm> = {},
): ScheduledForm {
  return {
    id,
    form: { id: formId, name },
    startDate: '2026-06-10T08:00:00.000Z',
    endDate: '2026-06-10T20:00:00.000Z',
    editableUntil: null,
    readyToFill: true,
    filledBy: null,
    ...overrides,
  };
}

export function aFilled(
  id: number,
  form: { id: number; name: string },
  overrides: Partial<FilledFormSummary> = {},
): FilledFormSummary {
  return {
    id,
    form: { ...form, edition: 1, bag: { id: form.id } },
    group: null,
    state: 'COMPLETED',
    createdAt: '2026-06-09T08:00:00.000Z',
    updatedAt: '2026-06-09T08:30:00.000Z',
    completedAt: '2026-06-09T08:30:00.000Z',
    filledBy: { id: 1, name: 'Anna Nowak', mail: null, phone: null, hospitalIdentifier: null, address: null },
    totalWeight: null,
    color: null,
    text: null,
    scheduledFormId: null,
    scheduledExecutionStart: null,
    scheduledExecutionEnd: null,
    editableUntil: null,
    ...overrides,
  };
}

export const paged = <Item>(content: Item[], totalElements = content.length): { data: Paged<Item> } => ({
  data: { content, totalElements, page: 0, pageSize: 100 },
});

export interface MyLists {
  active?: MyForm[];
  openSlots?: ScheduledForm[];
  futureSlots?: ScheduledForm[];
  archive?: MyForm[];
  drafts?: FilledFormSummary[];
  completed?: FilledFormSummary[];
}

/** An `api.get` answering the person's lists by URL (and `state`), everything else with a 404. */
export function answerMyLists(lists: MyLists) {
  return async (url: string, config?: { params?: { state?: string } }) => {
    switch (url) {
      case '/api/v2/forms/active':
        return paged(lists.active ?? []);
      case '/api/v2/forms/scheduled':
        return paged(lists.openSlots ?? []);
      case '/api/v2/forms/scheduled-for-future':
        return paged(lists.futureSlots ?? []);
      case '/api/v2/forms/all-my-filled-unique-bags':
        return paged(lists.archive ?? []);
      case '/api/v2/form_data/all/my':
        return paged((config?.params?.state === 'SAVED' ? lists.drafts : lists.completed) ?? []);
      case '/api/organizations/terms/future':
        return { data: [] };
      default:
        throw Object.assign(new Error(`HTTP 404 ${url}`), { isAxiosError: true, response: { status: 404 } });
    }
  };
}
