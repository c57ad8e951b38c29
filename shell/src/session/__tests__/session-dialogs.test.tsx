import { FluentProvider } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { ApiClient } from 'shared-ui/api-client';
import type { CurrentPerson } from '@formularze/domain/schemas';
import { themeFor } from 'shared-ui/theme';
import { createAlertStore } from '../../alerts/alert-store';
import { ShellRuntimeContext, type ShellRuntime } from '../../frame/shell-context';
import { FirstLoginDialog } from '../FirstLoginDialog';
import { TERMS_PROMPT, TermsModal } from '../TermsModal';

const patient: CurrentPerson = {
  id: 5,
  firstName: 'Maria',
  surname: 'Wiśniewska',
  mail: null,
  phone: '+48600100200',
  authorities: 'ROLE_USER_NO_ACCEPTED_TERMS',
  firstLogin: true,
  currentTermsAccepted: false,
  organization: { id: 1, orgName: 'Demo', editorsCanManageForms: false, editorsCanManageUsers: false },
};

function renderWithShell(ui: ReactNode, answers: Record<string, unknown> = {}) {
  const calls: string[] = [];
  const answer = async (call: string) => {
    calls.push(call);
    const result = answers[call];
    if (result instanceof Error) throw result;
    return { data: result };
  };
  const api = {
    get: (url: string) => answer(`GET ${url}`),
    put: (url: string) => answer(`PUT ${url}`),
    post: (url: string) => answer(`POST ${url}`),
    delete: (url: string) => answer(`DELETE ${url}`),
  } as unknown as ApiClient;
  const session = { refetch: jest.fn(async () => patient), logout: jest.fn(async () => undefined) };
  const runtime = { api, session, alerts: createAlertStore() } as unknown as ShellRuntime;
  render(
    <ShellRuntimeContext.Provider value={runtime}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FluentProvider theme={themeFor({ theme: 'light', fontLevel: 0 })}>{ui}</FluentProvider>
      </QueryClientProvider>
    </ShellRuntimeContext.Provider>,
  );
  return { calls, session, runtime };
}

const currentTerms = {
  id: 9,
  name: 'Regulamin 2026',
  link: '/org-media/files/terms/regulamin-2026.pdf',
  activeSince: '2026-01-01T00:00:00Z',
  removedAt: null,
};

describe('terms modal', () => {
  it('shows the current terms and accepting them loads the person again', async () => {
    const { calls, session } = renderWithShell(<TermsModal organizationId={1} />, {
      'GET /api/organizations/1/current-terms': currentTerms,
    });
    expect(screen.getByRole('alertdialog', { name: 'Regulamin serwisu' })).toHaveAccessibleDescription(
      TERMS_PROMPT,
    );
    expect(await screen.findByRole('link', { name: 'Regulamin 2026 (PDF)' })).toHaveAttribute(
      'href',
      currentTerms.link,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Akceptuję regulamin' }));
    await waitFor(() => expect(session.refetch).toHaveBeenCalled());
    expect(calls).toContain('PUT /api/organizations/terms/9/accept');
  });

  it('offers only logging out when the user does not accept', async () => {
    const { session } = renderWithShell(<TermsModal organizationId={1} />, {
      'GET /api/organizations/1/current-terms': currentTerms,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Wyloguj' }));
    expect(session.logout).toHaveBeenCalled();
  });

  it('cannot accept before the terms are known', async () => {
    renderWithShell(<TermsModal organizationId={1} />, {
      'GET /api/organizations/1/current-terms': new Error('offline'),
    });
    expect(await screen.findByText(/Nie udało się wczytać regulaminu/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Akceptuję regulamin' })).toBeDisabled();
  });
});

describe('first-login dialog', () => {
  const person = { ...patient, authorities: 'ROLE_USER' };

  it('tells the server when the person closes it', async () => {
    const { calls } = renderWithShell(<FirstLoginDialog person={person} />);
    expect(screen.getByRole('dialog', { name: 'Witamy w aplikacji Formularze' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Zamknij' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Witamy w aplikacji Formularze' })).not.toBeInTheDocument(),
    );
    expect(calls).toContain('PUT /api/persons/after_first_login');
  });

  it('closes even when the server call fails, without an error for the user', async () => {
    const { runtime } = renderWithShell(<FirstLoginDialog person={person} />, {
      'PUT /api/persons/after_first_login': new Error('offline'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Zamknij' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(runtime.alerts.get()).toEqual([]);
  });

  it('offers the manual and, for patients, the video only when they are installed', async () => {
    renderWithShell(<FirstLoginDialog person={person} />, {
      'GET /api/media': { files: ['manuals/pacjent.pdf', 'video/instrukcja.mp4'] },
    });
    // The list of help files is asked for once the page is idle (within two seconds here).
    expect(await screen.findByRole('link', { name: 'POMOC' }, { timeout: 3000 })).toHaveAttribute(
      'href',
      '/org-media/files/manuals/pacjent.pdf',
    );
    await userEvent.click(screen.getByRole('button', { name: 'FILM' }));
    const player = await screen.findByRole('dialog', { name: 'Film instruktażowy' });
    const video = player.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/org-media/files/video/instrukcja.mp4');
    expect(video).toHaveAttribute('controls');
    // Closing the player returns to the welcome dialog, which stays until closed itself.
    await userEvent.click(within(player).getByRole('button', { name: 'Zamknij' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Film instruktażowy' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Witamy w aplikacji Formularze' })).toBeInTheDocument();
  });
});
