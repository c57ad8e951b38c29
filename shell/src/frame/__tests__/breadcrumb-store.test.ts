import { createBreadcrumbStore, truncateCrumbLabel } from '../breadcrumbs/breadcrumb-store';
import { createPageState } from '../../contract/page-state';

describe('breadcrumbs', () => {
  beforeEach(() => window.localStorage.clear());

  it('cuts long names to 25 characters and an ellipsis', () => {
    expect(truncateCrumbLabel('Ankieta satysfakcji pacjenta 2026')).toBe('Ankieta satysfakcji pacje…');
    expect(truncateCrumbLabel('x'.repeat(25))).toBe('x'.repeat(25));
  });

  it('keeps the trail in local storage across a reload', () => {
    const store = createBreadcrumbStore();
    store.reset({ label: 'Definicje formularzy', path: '/forms' });
    store.push({ label: 'Edycja Ankieta', path: '/forms/edit/3' });
    expect(createBreadcrumbStore().get()).toEqual([
      { label: 'Definicje formularzy', path: '/forms' },
      { label: 'Edycja Ankieta', path: '/forms/edit/3' },
    ]);
  });

  it('cuts the trail back when the user returns to a page already in it', () => {
    const store = createBreadcrumbStore();
    store.reset({ label: 'A', path: '/forms' });
    store.push({ label: 'B', path: '/forms/edit/3' });
    store.push({ label: 'C', path: '/forms/display/3' });
    store.push({ label: 'B2', path: '/forms/edit/3' });
    expect(store.get().map((crumb) => crumb.label)).toEqual(['A', 'B2']);
  });

  it('starts a new trail on a root-level page and adds deeper pages to it', () => {
    const page = createPageState();
    page.setTitle('Formularze', '/forms');
    page.setTitle('Edycja Bardzo długa nazwa formularza medycznego', '/forms/edit/9');
    expect(page.breadcrumbs.get()).toEqual([
      { label: 'Formularze', path: '/forms' },
      { label: 'Edycja Bardzo długa nazwa…', path: '/forms/edit/9' },
    ]);
    page.setTitle('Członkowie organizacji', '/persons');
    expect(page.breadcrumbs.get()).toEqual([{ label: 'Członkowie organizacji', path: '/persons' }]);
    expect(page.title.get()).toBe('Członkowie organizacji');
  });

  it('starts a new trail at the top bar pages (profile, help)', () => {
    const page = createPageState();
    page.setTitle('Formularze', '/forms/active');
    page.setTitle('Ankieta', '/formdata/add/5');
    page.setTitle('Profil', '/profile');
    expect(page.breadcrumbs.get()).toEqual([{ label: 'Profil', path: '/profile' }]);
    page.setTitle('Klucze API', '/profile/api-keys');
    expect(page.breadcrumbs.get().map((crumb) => crumb.label)).toEqual(['Profil', 'Klucze API']);
  });

  it('continues the stored trail after a reload of a page on it, not at an address opened afresh', () => {
    const before = createPageState();
    before.setTitle('Formularze', '/forms');
    before.setTitle('Edycja Ankieta', '/forms/edit/3');

    const reloaded = createPageState();
    reloaded.setTitle('Edycja Ankieta', '/forms/edit/3');
    expect(reloaded.breadcrumbs.get().map((crumb) => crumb.label)).toEqual(['Formularze', 'Edycja Ankieta']);

    const opened = createPageState();
    opened.setTitle('Szczegóły wypełnienia', '/formdata/12');
    expect(opened.breadcrumbs.get()).toEqual([{ label: 'Szczegóły wypełnienia', path: '/formdata/12' }]);
  });

  it('leaves no trail on the not-found page', () => {
    const page = createPageState();
    page.setTitle('Formularze', '/forms');
    page.showNotFound('Nie znaleziono strony');
    expect(page.breadcrumbs.get()).toEqual([]);
    expect(document.title).toBe('Nie znaleziono strony – Formularze');
  });

  it('survives a corrupted stored trail', () => {
    window.localStorage.setItem('breadcrumbs', '{not json');
    expect(createBreadcrumbStore().get()).toEqual([]);
  });
});
