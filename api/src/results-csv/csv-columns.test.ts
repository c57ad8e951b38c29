import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FormLayout, TemplateField } from '@formularze/domain/schemas/form-template';
import { exportColumns, type ExportRow } from './csv-columns';

const layout = (...fields: TemplateField[]): FormLayout => ({
  type: 'FORM',
  children: [{ type: 'ROW', children: fields }],
});

const row = (answers: ExportRow['answers']): ExportRow => ({
  id: 1,
  state: 'COMPLETED',
  edition: 2,
  completedAt: null,
  scheduledStart: null,
  scheduledEnd: null,
  totalWeight: null,
  color: null,
  text: null,
  answers,
  fileNames: {},
  person: {
    id: 7,
    firstName: null,
    surname: null,
    email: null,
    phone: null,
    hospitalIdentifier: null,
    address: null,
  },
});

test('members of a repeating group keep one slot per row; a note column stays once any edition had notes', () => {
  const medicines: TemplateField = {
    id: 'medicines',
    type: 'REPEATING_GROUP',
    label: 'Leki',
    children: [
      {
        type: 'ROW',
        children: [
          { id: 'drug', type: 'TEXT', label: 'Lek', size: 50, maxRows: 1 },
          { id: 'dose', type: 'NUMBER', label: 'Dawka', numberType: 'DECIMAL' },
        ],
      },
    ],
  };
  const columns = exportColumns(
    [
      {
        edition: 1,
        template: layout({
          id: 'mood',
          type: 'TEXT',
          label: 'Samopoczucie',
          size: 50,
          maxRows: 1,
          noteEnabled: true,
        }),
      },
      {
        edition: 2,
        template: layout(medicines, { id: 'mood', type: 'TEXT', label: 'Nastrój', size: 50, maxRows: 1 }),
      },
    ],
    2,
    { withPoints: false, withPersonalData: false },
  );
  const answers = columns.slice(7);
  assert.deepEqual(
    answers.map((column) => column.header),
    ['Lek', 'Dawka', 'Nastrój / Samopoczucie', 'Nastrój / Samopoczucie - uwaga'],
  );
  const cells = answers.map((column) =>
    column.cell(
      row({
        data: { mood: 'dobre' },
        arrayData: { drug: ['Apap', null, '=HYPERLINK("x")'], dose: [0.5, 1, null] },
        noteData: { mood: 'po leku' },
      }),
    ),
  );
  assert.deepEqual(cells, ['Apap |  | \'=HYPERLINK("x")', '0,5 | 1 | ', 'dobre', 'po leku']);
});
