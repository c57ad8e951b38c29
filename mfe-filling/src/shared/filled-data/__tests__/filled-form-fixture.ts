import type { FilledForm } from '@formularze/domain/schemas/filled-data';

/** A whole filled form as the API answers it: a draft of form 5 by patient 7, unless overridden. */
export function aFilledForm(overrides: Partial<FilledForm> = {}): FilledForm {
  return {
    id: 42,
    form: { id: 5, name: 'Ankieta bólu', edition: 1, bag: { id: 5 } },
    group: null,
    state: 'SAVED',
    createdAt: '2026-06-10T08:00:00.000Z',
    updatedAt: '2026-06-10T08:00:00.000Z',
    completedAt: null,
    filledBy: { id: 7, name: 'Anna Nowak', mail: null, phone: null, hospitalIdentifier: null, address: null },
    totalWeight: null,
    color: null,
    text: null,
    scheduledFormId: null,
    scheduledExecutionStart: null,
    scheduledExecutionEnd: null,
    editableUntil: null,
    formMetadataId: 1,
    data: {},
    arrayData: {},
    noteData: {},
    fieldAlternativeAnswer: {},
    filesData: {},
    items: [],
    ...overrides,
  };
}
