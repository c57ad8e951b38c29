import type { TemplateField } from '@formularze/domain/schemas/form-template';

/** A field as the fill page renders it: group members and top-level fields alike, rows aside. */
export type FillableField = Omit<TemplateField, 'children'>;
