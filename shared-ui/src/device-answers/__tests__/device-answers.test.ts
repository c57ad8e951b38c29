/** @jest-environment node */
import 'fake-indexeddb/auto';
import {
  clearDeviceAnswers,
  createDeviceAnswersWriter,
  DEVICE_ANSWERS_DB,
  DEVICE_ANSWERS_MAX_AGE_MS,
  loadDeviceAnswers,
  removeDeviceAnswers,
  saveDeviceAnswers,
  type DeviceFillKey,
} from '..';

const anna: DeviceFillKey = { personId: 7, formId: 5, scheduledFormId: null, formDataId: null };
const typedAt = Date.parse('2026-06-10T08:00:00.000Z');

beforeEach(() => clearDeviceAnswers());

describe('the device copy of answers', () => {
  it('gives back what was typed, and when, for the same account and fill', async () => {
    await saveDeviceAnswers(anna, { values: { f0: 'boli', f1: ['1', '2'] }, typedAt });
    await expect(loadDeviceAnswers(anna, typedAt)).resolves.toEqual({
      values: { f0: 'boli', f1: ['1', '2'] },
      typedAt,
    });
  });

  it('keeps files as files', async () => {
    const scan = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    await saveDeviceAnswers(anna, { values: { f2: [{ key: 'a', status: 'pending', file: scan }] }, typedAt });
    const copy = await loadDeviceAnswers(anna, typedAt);
    const [attached] = copy!.values.f2 as [{ file: Blob }];
    expect(attached.file).toBeInstanceOf(Blob);
    expect(attached.file.type).toBe('application/pdf');
  });

  it('keeps each fill apart: another slot, another edited draft, a new fill', async () => {
    await saveDeviceAnswers(anna, { values: { f0: 'nowy' }, typedAt });
    await saveDeviceAnswers({ ...anna, scheduledFormId: 9 }, { values: { f0: 'termin' }, typedAt });
    await saveDeviceAnswers({ ...anna, formDataId: 42 }, { values: { f0: 'szkic' }, typedAt });
    expect((await loadDeviceAnswers(anna, typedAt))?.values).toEqual({ f0: 'nowy' });
    expect((await loadDeviceAnswers({ ...anna, scheduledFormId: 9 }, typedAt))?.values).toEqual({
      f0: 'termin',
    });
    expect((await loadDeviceAnswers({ ...anna, formDataId: 42 }, typedAt))?.values).toEqual({ f0: 'szkic' });
  });

  it('never shows one account the answers of another', async () => {
    await saveDeviceAnswers(anna, { values: { f0: 'boli' }, typedAt });
    await expect(loadDeviceAnswers({ ...anna, personId: 8 }, typedAt)).resolves.toBeNull();
  });

  it('forgets one fill and keeps the others', async () => {
    await saveDeviceAnswers(anna, { values: { f0: 'nowy' }, typedAt });
    await saveDeviceAnswers({ ...anna, formDataId: 42 }, { values: { f0: 'szkic' }, typedAt });
    await removeDeviceAnswers(anna);
    await expect(loadDeviceAnswers(anna, typedAt)).resolves.toBeNull();
    await expect(loadDeviceAnswers({ ...anna, formDataId: 42 }, typedAt)).resolves.not.toBeNull();
  });

  it('deletes copies not typed into for the longest time kept, whoever opens a fill', async () => {
    await saveDeviceAnswers(anna, { values: { f0: 'stary' }, typedAt });
    await saveDeviceAnswers({ ...anna, formId: 6 }, { values: { f0: 'świeży' }, typedAt: typedAt + 1000 });
    const later = typedAt + DEVICE_ANSWERS_MAX_AGE_MS + 1;
    await expect(loadDeviceAnswers({ ...anna, personId: 8 }, later)).resolves.toBeNull();
    await expect(loadDeviceAnswers(anna, typedAt)).resolves.toBeNull();
    await expect(loadDeviceAnswers({ ...anna, formId: 6 }, typedAt)).resolves.not.toBeNull();
  });

  it('clearing for a logout deletes the whole database, even while a page holds it open', async () => {
    await saveDeviceAnswers(anna, { values: { f0: 'boli' }, typedAt });
    await saveDeviceAnswers({ ...anna, personId: 8 }, { values: { f0: 'kaszel' }, typedAt });
    // Another page (the fill page in another tab, or the other bundle's copy of this module) holds
    // its own connection open when the logout happens.
    await jest.isolateModulesAsync(async () => {
      void (await import('../store')).loadDeviceAnswers(anna, typedAt);
    });
    await clearDeviceAnswers();
    const names = (await indexedDB.databases()).map(({ name }) => name);
    expect(names).not.toContain(DEVICE_ANSWERS_DB);
    await expect(loadDeviceAnswers(anna, typedAt)).resolves.toBeNull();
    await expect(loadDeviceAnswers({ ...anna, personId: 8 }, typedAt)).resolves.toBeNull();
  });
});

describe('the writer of the copy', () => {
  // fake-indexeddb runs its requests on setImmediate: only the writer's own timers are faked.
  beforeEach(() => jest.useFakeTimers({ now: typedAt, doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  // Reads queue behind the writes already started, so each read sees what the timers wrote.
  const stored = () => loadDeviceAnswers(anna, typedAt);

  it('writes once typing pauses, with the last values and the time of the last change', async () => {
    const writer = createDeviceAnswersWriter(anna, { delayMs: 400 });
    writer.changed({ f0: 'b' });
    jest.advanceTimersByTime(300);
    writer.changed({ f0: 'bo' });
    jest.advanceTimersByTime(399);
    await expect(stored()).resolves.toBeNull();
    writer.changed({ f0: 'boli' });
    jest.advanceTimersByTime(400);
    await expect(stored()).resolves.toEqual({ values: { f0: 'boli' }, typedAt: typedAt + 699 });
  });

  it('writes a pending change at once when asked to flush, and not at all once cancelled', async () => {
    const writer = createDeviceAnswersWriter(anna);
    writer.changed({ f0: 'boli' });
    writer.cancel();
    jest.runAllTimers();
    await expect(stored()).resolves.toBeNull();
    writer.changed({ f0: 'kaszel' });
    writer.flush();
    await expect(stored()).resolves.toMatchObject({ values: { f0: 'kaszel' } });
  });

  it('does not write once it may not (the session ended before the pause)', async () => {
    let signedIn = true;
    const writer = createDeviceAnswersWriter(anna, { mayWrite: () => signedIn });
    writer.changed({ f0: 'boli' });
    signedIn = false;
    jest.runAllTimers();
    await expect(stored()).resolves.toBeNull();
  });
});
