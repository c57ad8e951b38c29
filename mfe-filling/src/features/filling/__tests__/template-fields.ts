import type { TemplateField } from '@formularze/domain/schemas/form-template';

/** A required one-answer DICTIONARY 'Nastrój' of the words 'dobry' and 'zły'. */
export const aMoodField = (id: string, more: Partial<TemplateField> = {}): TemplateField => ({
  id,
  type: 'DICTIONARY',
  label: 'Nastrój',
  required: true,
  dictionary: { type: 'string', dictionaryValues: [{ stringValue: 'dobry' }, { stringValue: 'zły' }] },
  ...more,
});

/** A DICTIONARY of the numbers 1, 2 and 3 that takes several answers. */
export const aSymptomsField = (id: string, more: Partial<TemplateField> = {}): TemplateField => ({
  id,
  type: 'DICTIONARY',
  allowMultipleAnswers: true,
  dictionary: { type: 'number', dictionaryValues: [{ intValue: 1 }, { intValue: 2 }, { intValue: 3 }] },
  ...more,
});
