import * as z from 'zod/mini';
import { formStatus } from './forms';

/**
 * A person's forms overview (§2 "User's forms overview", `/filled-forms/all/user/{personId}`):
 * `GET /api/form_data/person_overview/{personId}` lists every form edition the person may fill
 * (directly or through a project) or has sent, with how many times they sent it. Staff only
 * (`user-filled-all-forms-page:view`); a person of another organization is 404 `person-not-found`.
 */

export const personFormsEntry = z.object({
  form: z.object({
    id: z.number(),
    name: z.string(),
    edition: z.number(),
    bag: z.object({ id: z.number() }),
    status: formStatus,
  }),
  group: z.nullable(z.object({ id: z.number(), name: z.string() })),
  /** COMPLETED fillings of this edition by the person. */
  answerCount: z.number(),
  lastCompletedAt: z.nullable(z.string()),
});
export type PersonFormsEntry = z.infer<typeof personFormsEntry>;

/** The person and their forms, by name, then the newest edition first. */
export const personFormsOverview = z.object({
  person: z.object({ id: z.number(), name: z.string() }),
  forms: z.array(personFormsEntry),
});
export type PersonFormsOverview = z.infer<typeof personFormsOverview>;

export const PERSON_NOT_FOUND_MESSAGE = 'Nie znaleziono osoby';
