import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createStandaloneShell, RemoteProviders } from 'shared-ui/remote';
import { Route, Routes, useNavigate, useSearchParams } from 'shared-ui/routing';
import { AppLink } from '../AppLink';
import { UNSAVED_CHANGES_MESSAGE, useUnsavedChangesGuard } from '../useUnsavedChangesGuard';

/** A screen with one text box: typing makes it dirty. */
function Editor({ question }: { question?: string }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const { confirmLeave, dialog } = useUnsavedChangesGuard(text !== '', question);
  return (
    <>
      <label>
        Nazwa
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <AppLink to="/groups">Projekty</AppLink>
      <button onClick={() => navigate('/forms')}>Do listy</button>
      <button onClick={() => setSearch({ tab: '2' })}>Druga karta</button>
      <button
        onClick={async () => {
          if (await confirmLeave()) navigate('/');
        }}
      >
        Anuluj
      </button>
      {dialog}
    </>
  );
}

function renderEditor(question?: string) {
  window.history.replaceState(null, '', '/editor');
  render(
    <RemoteProviders shell={createStandaloneShell('mfe-results')}>
      <Routes>
        <Route path="/editor" element={<Editor question={question} />} />
        <Route path="*" element={<h1>Inna strona</h1>} />
      </Routes>
    </RemoteProviders>,
  );
}

/** single-spa's event before a navigation from outside the area (the shell's menu, back). */
function routeFromOutside(newPath: string) {
  const answers: (boolean | Promise<boolean>)[] = [];
  act(() => {
    window.dispatchEvent(
      new CustomEvent('single-spa:before-routing-event', {
        detail: {
          oldUrl: `${window.location.origin}${window.location.pathname}`,
          newUrl: `${window.location.origin}${newPath}`,
          cancelNavigation: (cancel: boolean | Promise<boolean>) => answers.push(cancel),
        },
      }),
    );
  });
  return answers;
}

const dialog = () => screen.findByRole('dialog', { name: 'Niezapisane zmiany' });

describe('useUnsavedChangesGuard', () => {
  it('lets a clean screen go anywhere without asking', async () => {
    const user = userEvent.setup();
    renderEditor();
    expect(routeFromOutside('/forms')).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Projekty' }));
    await screen.findByRole('heading', { name: 'Inna strona' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("holds the area's own link while it asks; staying keeps the edits, leaving follows the link", async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.type(screen.getByLabelText('Nazwa'), 'Ankieta');
    await user.click(screen.getByRole('link', { name: 'Projekty' }));
    const asked = await dialog();
    expect(asked).toHaveTextContent(UNSAVED_CHANGES_MESSAGE);
    expect(window.location.pathname).toBe('/editor');

    await user.click(within(asked).getByRole('button', { name: 'Zostań na stronie' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Nazwa')).toHaveValue('Ankieta');
    expect(window.location.pathname).toBe('/editor');

    await user.click(screen.getByRole('button', { name: 'Do listy' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Opuść stronę' }));
    await screen.findByRole('heading', { name: 'Inna strona' });
    expect(window.location.pathname).toBe('/forms');
  });

  it('cancels a navigation from outside the area until the user answers', async () => {
    const user = userEvent.setup();
    renderEditor('Czy na pewno chcesz opuścić edycję formularza?');
    await user.type(screen.getByLabelText('Nazwa'), 'Ankieta');

    const [stay] = routeFromOutside('/groups');
    const asked = await dialog();
    expect(asked).toHaveTextContent('Czy na pewno chcesz opuścić edycję formularza?');
    await user.click(within(asked).getByRole('button', { name: 'Zostań na stronie' }));
    await expect(stay).resolves.toBe(true);

    const [leave] = routeFromOutside('/groups');
    await user.click(within(await dialog()).getByRole('button', { name: 'Opuść stronę' }));
    await expect(leave).resolves.toBe(false);
  });

  it('does not ask for a change of the query alone, nor twice once the user chose to leave', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.type(screen.getByLabelText('Nazwa'), 'Ankieta');
    await user.click(screen.getByRole('button', { name: 'Druga karta' }));
    await waitFor(() => expect(window.location.search).toBe('?tab=2'));
    expect(routeFromOutside('/editor?tab=3')).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Opuść stronę' }));
    // The screen's own navigation and single-spa's event that follows it pass without a second question.
    await screen.findByRole('heading', { name: 'Inna strona' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks the browser before the tab is closed, only while dirty', async () => {
    const user = userEvent.setup();
    renderEditor();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Nazwa'), 'A');
    expect(unload()).toBe(true);
  });
});
