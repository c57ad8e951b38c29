import { apiCall } from './api.js';

/** The demo organization's project (api/src/accounts/seed.ts): activation needs one. */
export const DEMO_PROJECT = 'Projekt demonstracyjny';

/**
 * A form as the owner publishes it through the API: created, put in the demo project, activated
 * and assigned from today to the patients whose phones end with `patientPhones`.
 */
export async function publishForm(
  baseUrl: string,
  ownerToken: string,
  form: Record<string, unknown>,
  patientPhones: readonly string[] = [],
): Promise<number> {
  const call = <T>(method: string, path: string, body?: unknown) =>
    apiCall<T>(baseUrl, ownerToken, method, path, body);
  const { id } = await call<{ id: number }>('POST', '/api/forms', form);
  const projects = await call<{ id: number; name: string }[]>('GET', '/api/form_group');
  const project = projects.find(({ name }) => name === DEMO_PROJECT)!;
  await call('POST', `/api/form_group/move_form_to_group/${id}/${project.id}`);
  await call('PUT', `/api/forms/${id}/activate`);
  if (patientPhones.length > 0) {
    const people = await call<{ userId: number; phone: string | null }[]>(
      'GET',
      `/api/forms/${id}/allowed_users`,
    );
    const patients = patientPhones.map((phone) => people.find((person) => person.phone?.endsWith(phone))!);
    await call(
      'PUT',
      `/api/forms/${id}/allowed_users`,
      patients.map(({ userId }) => ({ userId, selected: true })),
    );
  }
  return id;
}
