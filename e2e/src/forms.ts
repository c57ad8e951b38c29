import { apiCall } from './api.js';
import { DEMO } from './session.js';

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

/** A form published as `publishForm` does, for the demo patient. */
export const publishForDemoPatient = (baseUrl: string, ownerToken: string, form: Record<string, unknown>) =>
  publishForm(baseUrl, ownerToken, form, [DEMO.patient.login]);

/** Schedules are read in the organization's zone (api/src/forms/schedule-slots.ts). */
const SCHEDULE_TIME_ZONE = 'Europe/Warsaw';

/** `YYYY-MM-DD` of today in the organization's zone, where schedules are read. */
export const todayInScheduleZone = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SCHEDULE_TIME_ZONE }).format(new Date());

/** `YYYY-MM-DD` of the day `days` after today in the schedules' zone. */
export const daysFromToday = (days: number) => {
  const day = new Date(`${todayInScheduleZone()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

/**
 * A schedule filled once in each window or more than once, whose window is the whole of each day
 * from `startDate` to `endDate` (the same day unless given).
 */
export const wholeDaySchedule = (fills: 'once' | 'repeatedly', startDate: string, endDate = startDate) => ({
  one: fills === 'once',
  multi: fills === 'repeatedly',
  startDate,
  endDate,
  timePeriods: [{ dayOfWeek: 'EVERYDAY', startTime: '00:00', endTime: '23:59' }],
});

/** Sends one filling as the patient of `token`: its metadata first, then the answers; returns its id. */
export async function submitFilling(
  baseUrl: string,
  token: string,
  formId: number,
  data: Record<string, unknown>,
): Promise<number> {
  const { id: formMetadataId } = await apiCall<{ id: number }>(
    baseUrl,
    token,
    'POST',
    '/api/form_metadata/',
    {
      form: { id: formId },
    },
  );
  const saved = await apiCall<{ id: number }>(baseUrl, token, 'POST', '/api/form_data/?draft=false', {
    formId,
    formMetadataId,
    data,
  });
  return saved.id;
}

export const row = (...children: Record<string, unknown>[]) => ({ type: 'ROW', children });
export const layout = (...rows: ReturnType<typeof row>[]) => ({ type: 'FORM', children: rows });

/** A question answered from a list: each answer (in the list's order) with the points it weighs. */
export const dictionaryField = (
  id: string,
  label: string,
  pointsByAnswer: Record<string, number>,
  options: Record<string, unknown> = {},
) => ({
  id,
  type: 'DICTIONARY',
  label,
  ...options,
  dictionary: {
    type: 'string',
    dictionaryValues: Object.entries(pointsByAnswer).map(([stringValue, weight]) => ({
      stringValue,
      weight,
    })),
  },
});

/** "Natężenie bólu": a whole number from 0 to 10, with `options` such as its rules. */
export const painIntensityField = (options: Record<string, unknown> = {}) => ({
  id: 'bol',
  type: 'NUMBER',
  label: 'Natężenie bólu',
  numberType: 'INTEGER',
  minValue: 0,
  maxValue: 10,
  ...options,
});

/** A form's layout with one field of every type of §3; the required ones are marked. */
export const EVERY_FIELD_TYPE_LAYOUT = layout(
  row(
    { id: 'imie', type: 'TEXT', label: 'Imię i nazwisko', size: 60, maxRows: 1, required: true },
    { id: 'objawy', type: 'TEXTAREA', label: 'Objawy', size: 500 },
  ),
  row(
    {
      id: 'temperatura',
      type: 'NUMBER',
      label: 'Temperatura',
      numberType: 'DECIMAL',
      decimalDigitNumber: 1,
      minValue: 35,
      maxValue: 42,
      required: true,
      fieldRules: [{ operator: 'GREATER_THAN', arg1: 37, text: 'Podwyższona temperatura', weight: 2 }],
    },
    { id: 'data_badania', type: 'DATE', label: 'Data badania', required: true },
    { id: 'godzina', type: 'TIME', label: 'Godzina pomiaru' },
    { id: 'poczatek', type: 'DATETIME', label: 'Początek objawów' },
  ),
  row(
    { id: 'leki', type: 'BOOL', label: 'Czy przyjmuje Pani leki?', required: true },
    dictionaryField(
      'samopoczucie',
      'Samopoczucie',
      { Źle: 2, Średnio: 1, Dobrze: 0 },
      { required: true, noteEnabled: true },
    ),
    dictionaryField(
      'dolegliwosci',
      'Dolegliwości',
      { 'Ból głowy': 1, Kaszel: 2, Gorączka: 3 },
      { allowMultipleAnswers: true },
    ),
  ),
  row(
    { id: 'pesel', type: 'PESEL', label: 'PESEL', required: true },
    { id: 'miejsce', type: 'LOCATION', label: 'Miejsce pobytu' },
    { id: 'kod', type: 'QRCODE', label: 'Kod z opakowania leku' },
  ),
  row(
    { id: 'zdjecie', type: 'FILE', label: 'Zdjęcie wysypki', fileType: 'Image', maxNumberOfFiles: 2 },
    { id: 'podpis', type: 'SIGN', label: 'Podpis pacjenta', required: true },
  ),
  row(
    { id: 'informacja', type: 'LABEL', labelType: 'text', text: 'Odpowiedzi zobaczy lekarz prowadzący.' },
    {
      id: 'rodzina',
      type: 'GROUP',
      label: 'Wywiad rodzinny',
      children: [row({ id: 'choroby', type: 'TEXT', label: 'Choroby w rodzinie', size: 200, maxRows: 1 })],
    },
    {
      id: 'leki_lista',
      type: 'REPEATING_GROUP',
      label: 'Przyjmowane leki',
      children: [
        row(
          { id: 'lek_nazwa', type: 'TEXT', label: 'Nazwa leku', size: 100, maxRows: 1 },
          { id: 'lek_dawka', type: 'NUMBER', label: 'Dawka (mg)', numberType: 'INTEGER' },
        ),
      ],
    },
  ),
);
