import { templateField } from '@formularze/domain/schemas/form-template';
import type { FieldDraft } from './template-editing';

/** The first §5 message of each configuration key of a field (e.g. `size` → 'Brak ustawionej liczby znaków'). */
export type FieldIssues = Readonly<Partial<Record<string, string>>>;

const NO_ISSUES: FieldIssues = Object.freeze({});
// Fields are immutable in the editor's state: a field is checked once per version, however many
// times the canvas asks (a 300-field template re-checks only the field that changed).
const cache = new WeakMap<FieldDraft, FieldIssues>();

/** What the shared template schema (the one the API applies) refuses in this field's configuration. */
export function fieldIssues(field: FieldDraft): FieldIssues {
  const known = cache.get(field);
  if (known) return known;
  const result = templateField.safeParse(field);
  let issues = NO_ISSUES;
  if (!result.success) {
    const found: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      found[key] ??= issue.message;
    }
    issues = found;
  }
  cache.set(field, issues);
  return issues;
}

export const isFieldValid = (field: FieldDraft) => fieldIssues(field) === NO_ISSUES;
