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

  it('survives a corrupted stored trail', () => {
    window.localStorage.setItem('breadcrumbs', '{not json');
    expect(createBreadcrumbStore().get()).toEqual([]);
  });
});
