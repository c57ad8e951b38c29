import type { FormResultRow, ResultRow } from '@formularze/domain/schemas/results';
import { aFakeApiClient } from 'shared-ui/testing';

export { apiFailure } from 'shared-ui/testing';

/** The API as the screens see it: one fake client, answers set per test. */
export const api = aFakeApiClient();

export function aResult(overrides: Partial<ResultRow> & { formDataId: number }): ResultRow {
  return {
    state: 'COMPLETED',
    totalWeight: 12.5,
    color: '#ff0000',
    text: 'Ryzyko wysokie',
    completedAt: '2026-03-02T09:05:00.000Z',
    filledBy: {
      id: 5,
      name: 'Maria Wiśniewska',
      mail: 'maria@example.test',
      phone: '+48600100200',
      hospitalIdentifier: 'H-17',
      address: { street: 'Polna 1', city: 'Kraków', zipCode: '30-001', post: null },
    },
    form: { id: 8, name: 'Ankieta bólu', edition: 1, bag: { id: 8 } },
    group: { id: 4, name: 'Kardiologia' },
    filledFormsPerPersonCount: 3,
    scheduledExecutionStart: null,
    scheduledExecutionEnd: null,
    ...overrides,
  };
}

export function aFormResult(overrides: Partial<FormResultRow> & { formDataId: number }): FormResultRow {
  return {
    ...aResult(overrides),
    data: { pain: 7 },
    arrayData: {},
    noteData: {},
    fieldAlternativeAnswer: {},
    itemScores: {},
    filesData: {},
    editableUntil: null,
    ...overrides,
  };
}
