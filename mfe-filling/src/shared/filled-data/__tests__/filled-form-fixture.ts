import type { FilledForm } from '@formularze/domain/schemas/filled-data';
import { aFilled } from '../../my-forms/__tests__/my-forms-fixtures';

/** A whole filled form as the API answers it: a draft of form 5 by patient 7, unless overridden. */
export function aFilledForm(overrides: Partial<FilledForm> = {}): FilledForm {
  return {
    ...aFilled(
      42,
      { id: 5, name: 'Ankieta bólu' },
      {
        state: 'SAVED',
        createdAt: '2026-06-10T08:00:00.000Z',
        updatedAt: '2026-06-10T08:00:00.000Z',
        completedAt: null,
        filledBy: {
          id: 7,
          name: 'Anna Nowak',
          mail: null,
          phone: null,
          hospitalIdentifier: null,
          address: null,
        },
      },
    ),
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
