// The large form the editor and save benchmarks measure: every kind of field the palette offers,
// in turn, each configured as the editor saves it, three to a row.
import type { FieldDataType, FormLayout, TemplateField } from '@formularze/domain/schemas/form-template';

export const FIELDS_PER_ROW = 3;

const KINDS: FieldDataType[] = [
  'TEXT',
  'NUMBER',
  'DICTIONARY',
  'DATE',
  'FILE',
  'TIME',
  'TEXTAREA',
  'LOCATION',
];

/** Field `index` (from 0): id `pole_<index + 1>`, of the palette's kind at that place in turn. */
function paletteField(index: number): TemplateField {
  const type = KINDS[index % KINDS.length]!;
  const base = {
    id: `pole_${index + 1}`,
    type,
    label: `Pole ${index + 1}`,
    text: 'Podpowiedź',
    required: index % 2 === 0,
  };
  switch (type) {
    case 'TEXT':
      return { ...base, size: 200, maxRows: 1 };
    case 'TEXTAREA':
      return { ...base, size: 2000 };
    case 'NUMBER':
      return {
        ...base,
        numberType: 'DECIMAL',
        decimalDigitNumber: 2,
        minValue: 0,
        maxValue: 300,
        fieldRules: [
          { operator: 'BETWEEN', arg1: 100, arg2: 200, color: '#ff0000', text: 'Za wysoko', weight: 2 },
        ],
      };
    case 'DICTIONARY':
      return {
        ...base,
        dictionary: {
          type: 'string',
          dictionaryValues: ['Nigdy', 'Rzadko', 'Czasem', 'Często', 'Zawsze'].map((stringValue, weight) => ({
            stringValue,
            weight,
          })),
        },
      };
    case 'FILE':
      return { ...base, maxNumberOfFiles: 3, fileType: 'Image' };
    default:
      return base;
  }
}

/** The layout of a form of `fields` palette fields. */
export function paletteFormLayout(fields: number): FormLayout {
  const children: FormLayout['children'] = [];
  for (let index = 0; index < fields; index += FIELDS_PER_ROW) {
    children.push({
      type: 'ROW',
      children: Array.from({ length: Math.min(FIELDS_PER_ROW, fields - index) }, (_, offset) =>
        paletteField(index + offset),
      ),
    });
  }
  return { type: 'FORM', children };
}
