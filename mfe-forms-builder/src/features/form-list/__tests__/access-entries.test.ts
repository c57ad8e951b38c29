import type { AllowedUser } from '@formularze/domain/schemas/forms';
import {
  changedEntries,
  changeEnd,
  changeStart,
  deselect,
  entryOf,
  organizationToday,
  resetEnd,
  select,
  type AccessEntry,
} from '../access-entries';

const context = { today: '2026-11-23', defaultAssignmentDuration: 10 };
const unassigned: AccessEntry = { userId: 5, selected: false, validSince: null, validTo: null };

describe('access assignment dates', () => {
  it('starts a new assignment today and ends it after the default duration (inclusive)', () => {
    expect(select(unassigned, context)).toEqual({
      userId: 5,
      selected: true,
      validSince: '2026-11-23',
      validTo: '2026-12-02',
    });
  });

  it('gives no end when the default duration is 0', () => {
    expect(select(unassigned, { ...context, defaultAssignmentDuration: 0 }).validTo).toBeNull();
  });

  it('moves a start in the past to today', () => {
    const entry = select(unassigned, context);
    expect(changeStart(entry, '2026-01-01', context).validSince).toBe('2026-11-23');
  });

  it('recomputes the end from a new start with the default duration', () => {
    const entry = select(unassigned, context);
    expect(changeStart(entry, '2026-12-10', context)).toMatchObject({
      validSince: '2026-12-10',
      validTo: '2026-12-19',
    });
  });

  it('without a default duration keeps the end, but never before the start', () => {
    const noDuration = { ...context, defaultAssignmentDuration: 0 };
    const entry = { ...unassigned, selected: true, validSince: '2026-11-23', validTo: '2026-11-30' };
    expect(changeStart(entry, '2026-11-25', noDuration).validTo).toBe('2026-11-30');
    expect(changeStart(entry, '2026-12-05', noDuration).validTo).toBe('2026-12-05');
  });

  it('sets an end earlier than the start to the start; empty or reset means no end', () => {
    const entry = select(unassigned, context);
    expect(changeEnd(entry, '2026-11-01').validTo).toBe('2026-11-23');
    expect(changeEnd(entry, '').validTo).toBeNull();
    expect(resetEnd(entry).validTo).toBeNull();
  });

  it('sends only the people whose access changed', () => {
    const listed: AllowedUser = {
      userId: 5,
      firstName: 'Maria',
      surname: 'Wiśniewska',
      mail: null,
      phone: '+48600100200',
      roles: ['ROLE_USER'],
      selected: true,
      validSince: '2026-11-20',
      validTo: null,
      activeNow: true,
    };
    const original = [entryOf(listed), { ...unassigned, userId: 6 }];
    const untouched = new Map([[5, entryOf(listed)]]);
    expect(changedEntries(original, untouched)).toEqual([]);
    const revoked = new Map([[5, deselect(entryOf(listed))]]);
    expect(changedEntries(original, revoked)).toEqual([{ ...entryOf(listed), selected: false }]);
  });

  it("reads today in Poland's time zone", () => {
    // 23:30 UTC on 23 November is already 24 November in Warsaw.
    expect(organizationToday(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
  });
});
