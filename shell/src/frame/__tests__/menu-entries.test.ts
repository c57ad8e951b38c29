import { permissionsFor } from '@formularze/domain/schemas';
import { isRootLevelPage, visibleMenuEntries } from '../navigation/menu-entries';

const noSingleForm = { hasSingleScheduledForm: false, singleScheduledFormId: null };
const labelsFor = (authorities: string, config = noSingleForm) =>
  visibleMenuEntries(permissionsFor({ authorities }), config).map((entry) => entry.label);

describe('side menu', () => {
  it('shows each role only the entries it may use', () => {
    expect(labelsFor('ROLE_USER')).toEqual(['Start', 'Formularze']);
    expect(labelsFor('ROLE_EDITOR')).toEqual([
      'Start',
      'Wypełnione formularze',
      'Definicje formularzy',
      'Projekty',
    ]);
    expect(labelsFor('ROLE_OWNER')).toEqual([
      'Start',
      'Wypełnione formularze',
      'Definicje formularzy',
      'Użytkownicy',
      'Projekty',
    ]);
    expect(labelsFor('ROLE_ADMIN')).toEqual(['Start', 'Użytkownicy', 'Ustawienia']);
    expect(labelsFor('ROLE_USER_NO_ACCEPTED_TERMS')).toEqual(['Start']);
  });

  it('opens the results of the only scheduled form directly', () => {
    const granted = permissionsFor({ authorities: 'ROLE_OWNER' });
    const filled = (
      config: typeof noSingleForm | { hasSingleScheduledForm: boolean; singleScheduledFormId: number },
    ) => visibleMenuEntries(granted, config).find((entry) => entry.label === 'Wypełnione formularze')?.path;
    expect(filled(noSingleForm)).toBe('/filled-forms');
    expect(filled({ hasSingleScheduledForm: true, singleScheduledFormId: 42 })).toBe('/results/42');
  });

  it('treats menu pages as root level', () => {
    expect(isRootLevelPage('/')).toBe(true);
    expect(isRootLevelPage('/forms/')).toBe(true);
    expect(isRootLevelPage('/results/42')).toBe(true);
    expect(isRootLevelPage('/forms/edit/4')).toBe(false);
  });
});
