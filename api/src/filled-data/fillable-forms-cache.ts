import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Forms kept per database, the most recently saved to last; beyond it the oldest is forgotten. */
const LIMIT = 500;

const byDatabase = new WeakMap<Kysely<Database>, Map<string, unknown>>();

/**
 * Forms as a save last read them, per organization and form, so that the next save of the same
 * form can check its answers without reading it again. Never trusted alone: the save's insert
 * checks in the database that the form is still that version (ADR 423), so a form changed by any
 * process, or a stale entry, costs one more round trip, never a wrong save.
 */
export function fillableFormsCache<Form>(db: Kysely<Database>) {
  let forms = byDatabase.get(db) as Map<string, Form> | undefined;
  if (!forms) byDatabase.set(db, (forms = new Map()));
  const keyOf = (organizationId: number, formId: number) => `${organizationId}:${formId}`;
  return {
    get: (organizationId: number, formId: number): Form | undefined =>
      forms.get(keyOf(organizationId, formId)),
    remember(organizationId: number, formId: number, form: Form): void {
      const key = keyOf(organizationId, formId);
      forms.delete(key);
      forms.set(key, form);
      if (forms.size > LIMIT) forms.delete(forms.keys().next().value!);
    },
    forget: (organizationId: number, formId: number): void =>
      void forms.delete(keyOf(organizationId, formId)),
  };
}
