import fc from 'fast-check';
import {
  FIELD_DATA_TYPES,
  FILE_TYPES,
  formLayout,
  type FieldDataType,
  type FormLayout,
  type TemplateField,
} from '../../schemas/form-template';
import { formToQuestionnaire, questionnaireToForm, type FormEditionForFhir } from '../questionnaire';
import { filledFormToResponse, responsesBundle } from '../questionnaire-response';
import { validateFhir } from '../fhir-schema';

type Member = Omit<TemplateField, 'children'>;

const text = fc.stringMatching(/^[A-Za-ząęłńóśźż0-9][A-Za-ząęłńóśźż0-9 ?,.]{0,19}$/);
const flag = fc.option(fc.constant(true), { nil: undefined });
const decimal = fc.integer({ min: -100_000, max: 100_000 }).map((value) => value / 100);

/** Only what the mapping carries, in the form it comes back in (absent rather than false or null). */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

const common = fc.record({
  label: fc.option(text, { nil: undefined }),
  text: fc.option(text, { nil: undefined }),
});
const answered = fc.record({
  required: flag,
  noteEnabled: flag,
  showInTableView: flag,
});

function configurationOf(type: FieldDataType): fc.Arbitrary<Partial<Member>> {
  switch (type) {
    case 'TEXT':
      return fc.record({ size: fc.integer({ min: 1, max: 5000 }), maxRows: fc.integer({ min: 1, max: 4 }) });
    case 'TEXTAREA':
      return fc.record({
        size: fc.integer({ min: 1, max: 5000 }),
        maxRows: fc.option(fc.integer({ min: 2, max: 4 }), { nil: undefined }),
      });
    case 'NUMBER':
      return fc.oneof(
        fc.record({
          numberType: fc.constant('INTEGER' as const),
          minValue: fc.option(fc.integer({ min: -1000, max: 0 }), { nil: undefined }),
          maxValue: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
        }),
        fc.record({
          numberType: fc.constant('DECIMAL' as const),
          minValue: fc.option(
            decimal.map((value) => -Math.abs(value)),
            { nil: undefined },
          ),
          maxValue: fc.option(
            decimal.map((value) => Math.abs(value)),
            { nil: undefined },
          ),
          decimalDigitNumber: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
        }),
      );
    case 'FILE':
      return fc.record({
        maxNumberOfFiles: fc.integer({ min: 0, max: 10 }),
        fileType: fc.constantFrom(...FILE_TYPES),
      });
    case 'DICTIONARY':
      return fc.oneof(
        fc.record({
          dictionary: fc.record({
            type: fc.constant('string' as const),
            dictionaryValues: fc.uniqueArray(text, { minLength: 1, maxLength: 5 }).chain((values) =>
              fc.tuple(
                ...values.map((stringValue) =>
                  fc.record({
                    stringValue: fc.constant(stringValue),
                    weight: fc.option(decimal.map(Math.abs), { nil: undefined }),
                  }),
                ),
              ),
            ),
          }),
          allowMultipleAnswers: flag,
          allowAlternativeAnswer: flag,
          alternativeAnswerLabel: fc.option(text, { nil: undefined }),
        }),
        fc.record({
          dictionary: fc.record({
            type: fc.constant('number' as const),
            dictionaryValues: fc
              .uniqueArray(fc.integer({ min: -10, max: 100 }), { minLength: 1, maxLength: 5 })
              .chain((values) =>
                fc.tuple(
                  ...values.map((intValue) =>
                    fc.record({
                      intValue: fc.constant(intValue),
                      weight: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
                    }),
                  ),
                ),
              ),
          }),
          allowMultipleAnswers: flag,
        }),
      );
    default:
      return fc.constant({});
  }
}

const MEMBER_TYPES = FIELD_DATA_TYPES.filter((type) => type !== 'GROUP' && type !== 'REPEATING_GROUP');

function memberOf(type: FieldDataType): fc.Arbitrary<Member> {
  if (type === 'LABEL') {
    return fc.record({
      type: fc.constant(type),
      text,
      labelType: fc.constant('text' as const),
    }) as fc.Arbitrary<Member>;
  }
  return fc
    .tuple(common, answered, configurationOf(type))
    .map(([base, flags, configuration]) => compact({ type, ...base, ...flags, ...configuration }) as Member);
}

const member = fc.constantFrom(...MEMBER_TYPES).chain(memberOf);
const rows = <T>(field: fc.Arbitrary<T>) =>
  fc.array(
    fc.record({
      type: fc.constant('ROW' as const),
      children: fc.array(field, { minLength: 1, maxLength: 3 }),
    }),
    {
      minLength: 1,
      maxLength: 4,
    },
  );

const group = fc
  .tuple(fc.constantFrom('GROUP' as const, 'REPEATING_GROUP' as const), common, rows(member))
  .map(([type, base, children]) => compact({ type, ...base, children }) as TemplateField);

const topField = fc.oneof(
  { arbitrary: member as fc.Arbitrary<TemplateField>, weight: 4 },
  { arbitrary: group, weight: 1 },
);

/** Ids in reading order, unique within the form. */
function withIds(rowsOfFields: { type: 'ROW'; children: TemplateField[] }[]): FormLayout {
  let next = 0;
  const name = <T extends object>(field: T) => ({ id: `pole-${++next}`, ...field });
  return {
    type: 'FORM',
    children: rowsOfFields.map((row) => ({
      type: 'ROW',
      children: row.children.map((field) => {
        const named = name(field);
        if (!field.children) return named as TemplateField;
        return {
          ...named,
          children: field.children.map((r) => ({ type: 'ROW', children: r.children.map(name) })),
        } as TemplateField;
      }),
    })),
  };
}

const layouts = rows(topField).map(withIds);

const edition = (layout: FormLayout): FormEditionForFhir => ({
  id: 7,
  edition: 2,
  name: 'Ankieta',
  description: 'Opis',
  status: 'DRAFT',
  layout,
  formRules: [],
});

describe('form edition ⇄ FHIR Questionnaire', () => {
  it('round-trips generated forms of every field type, each export valid against the FHIR R4 schema', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(layouts, (layout) => {
        expect(formLayout.safeParse(layout).success).toBe(true);
        const { questionnaire, issues } = formToQuestionnaire(edition(layout));
        expect(issues).toEqual([]);
        expect(validateFhir(questionnaire)).toEqual([]);
        const imported = questionnaireToForm(questionnaire);
        expect(imported.issues).toEqual([]);
        expect(imported.form.layoutElementObject).toEqual(layout);
        expect(imported.form.name).toBe('Ankieta');
        expect(imported.form.description).toBe('Opis');
        for (const row of layout.children) {
          for (const field of row.children) {
            seen.add(field.type);
            for (const inner of field.children ?? []) for (const m of inner.children) seen.add(m.type);
          }
        }
      }),
      { numRuns: 150 },
    );
    expect([...seen].sort()).toEqual([...FIELD_DATA_TYPES].sort());
  });

  it('lists the rules and the answer colours FHIR cannot express instead of dropping them silently', () => {
    const layout: FormLayout = {
      type: 'FORM',
      children: [
        {
          type: 'ROW',
          children: [
            {
              id: 'bol',
              type: 'NUMBER',
              numberType: 'INTEGER',
              label: 'Ból',
              fieldRules: [{ operator: 'GREATER_THAN', arg1: 7, color: '#ff0000' }],
            },
            {
              id: 'nastroj',
              type: 'DICTIONARY',
              dictionary: {
                type: 'string',
                dictionaryValues: [{ stringValue: 'zły', weight: 2, color: '#f00' }],
              },
            },
          ],
        },
      ],
    };
    const { questionnaire, issues } = formToQuestionnaire({
      ...edition(layout),
      formRules: [{ operator: 'BETWEEN', arg1: 10, arg2: 20, text: 'Umiarkowany' }],
    });
    expect(validateFhir(questionnaire)).toEqual([]);
    expect(issues.map((issue) => [issue.severity, issue.expression[0]])).toEqual([
      ['warning', 'bol'],
      ['warning', 'nastroj'],
      ['warning', 'Questionnaire'],
    ]);
    expect(questionnaire.item![1]!.answerOption![0]!.extension).toEqual([
      { url: 'http://hl7.org/fhir/StructureDefinition/ordinalValue', valueDecimal: 2 },
      { url: 'http://hl7.org/fhir/StructureDefinition/itemWeight', valueDecimal: 2 },
    ]);
  });

  it('reports what an imported Questionnaire holds that a form cannot', () => {
    const imported = questionnaireToForm({
      resourceType: 'Questionnaire',
      status: 'active',
      title: 'Z warunkiem',
      code: [{ system: 'http://loinc.org', code: '1-8' }],
      item: [
        { linkId: 'a', type: 'boolean', text: 'Czy?' },
        {
          linkId: 'b',
          type: 'string',
          text: 'Dlaczego?',
          enableWhen: [{ question: 'a', operator: '=', answerBoolean: true }],
        },
        { linkId: 'c', type: 'reference', text: 'Lekarz' },
        { linkId: 'd', type: 'choice', answerValueSet: 'http://example.org/vs' },
      ],
    });
    expect(imported.mapped.map((item) => [item.linkId, item.fieldType])).toEqual([
      ['a', 'BOOL'],
      ['b', 'TEXT'],
      ['c', null],
      ['d', 'TEXT'],
    ]);
    expect(imported.issues.map((issue) => issue.expression[0])).toEqual(['b', 'c', 'd', 'Questionnaire']);
    expect(formLayout.safeParse(imported.form.layoutElementObject).success).toBe(true);
  });
});

describe('filled form → FHIR QuestionnaireResponse', () => {
  const layout: FormLayout = {
    type: 'FORM',
    children: [
      {
        type: 'ROW',
        children: [
          { id: 'liczba', type: 'NUMBER', numberType: 'DECIMAL', label: 'Waga ciała' },
          { id: 'data', type: 'DATE', label: 'Data' },
          { id: 'kiedy', type: 'DATETIME' },
          { id: 'godzina', type: 'TIME' },
          { id: 'tak', type: 'BOOL' },
          { id: 'plik', type: 'FILE', maxNumberOfFiles: 2 },
          {
            id: 'wybor',
            type: 'DICTIONARY',
            allowMultipleAnswers: true,
            dictionary: { type: 'number', dictionaryValues: [{ intValue: 1 }, { intValue: 2 }] },
          },
          {
            id: 'powtorz',
            type: 'REPEATING_GROUP',
            children: [{ type: 'ROW', children: [{ id: 'lek', type: 'TEXT', size: 20, maxRows: 1 }] }],
          },
        ],
      },
    ],
  };

  it('maps every answer to its FHIR value and validates, alone and in a Bundle', () => {
    const response = filledFormToResponse(
      {
        id: 31,
        formId: 7,
        edition: 2,
        state: 'COMPLETED',
        authored: '2026-03-01T10:00:00.000Z',
        answers: {
          data: { liczba: 72.5, data: '2026/02/28', kiedy: '2026/07/01 08:30', godzina: '07:05', tak: true },
          arrayData: { wybor: [1, 2], lek: ['Apap', 'Ibuprom'] },
          noteData: { liczba: 'po śniadaniu' },
          fieldAlternativeAnswer: {},
        },
        fileNames: { plik: ['wynik.pdf'] },
        totalWeight: 3,
        color: null,
        text: null,
      },
      layout,
      { identifier: { system: 'urn:formularze:pseudonym', value: 'abc' } },
    );
    expect(validateFhir(response)).toEqual([]);
    expect(
      response.item!.map((item) => [item.linkId, item.answer?.map((answer) => Object.values(answer)[0])]),
    ).toEqual([
      ['liczba', [72.5]],
      ['data', ['2026-02-28']],
      ['kiedy', ['2026-07-01T08:30:00+02:00']],
      ['godzina', ['07:05:00']],
      ['tak', [true]],
      ['plik', [{ title: 'wynik.pdf' }]],
      ['wybor', [1, 2]],
      ['powtorz', undefined],
      ['powtorz', undefined],
    ]);
    expect(response.item![7]!.item![0]!.answer).toEqual([{ valueString: 'Apap' }]);
    const bundle = responsesBundle([response], 'searchset', '2026-03-02T00:00:00.000Z');
    expect(validateFhir(bundle)).toEqual([]);
    expect(
      validateFhir({ ...bundle, entry: [{ resource: { ...response, status: 'missed' } }] }),
    ).toHaveLength(1);
  });
});
