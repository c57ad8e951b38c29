import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aPerson } from 'shared-ui/testing';
import type { CurrentPerson } from '@formularze/domain/schemas';
import { renderSignedInTools } from './signed-in-tools-fixture';

// Nothing waits to be sent here (the indicator has its own tests): no storage in these tests.
jest.mock('shared-ui/send-queue', () => ({
  ...jest.requireActual('shared-ui/send-queue'),
  watchQueuedSubmissions: () => () => undefined,
}));

const owner = aPerson('ROLE_OWNER', {
  avatarPath: '/org-media/files/avatars/0123456789abcdef0123456789abcdef.png',
});

describe('the signed-in part of the top bar', () => {
  it('names the user on the avatar button and shows their picture', () => {
    renderSignedInTools(owner);
    const button = screen.getByRole('button', { name: 'Anna Nowak' });
    expect(button.querySelector('img')).toHaveAttribute('src', owner.avatarPath);
  });

  it('logs out from the avatar menu', async () => {
    const session = renderSignedInTools({ ...owner, avatarPath: null });
    await userEvent.click(screen.getByRole('button', { name: 'Anna Nowak' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Wyloguj' }));
    expect(session.logout).toHaveBeenCalled();
  });

  const patient: CurrentPerson = { ...owner, authorities: 'ROLE_USER', avatarPath: null };

  it("plays the patients' video in a player from POMOC when it is installed", async () => {
    renderSignedInTools(patient, { installedHelpFiles: ['manuals/pacjent.pdf', 'video/instrukcja.mp4'] });
    // The list of help files is asked for once the page is idle.
    await userEvent.click(await screen.findByRole('button', { name: 'POMOC' }, { timeout: 3000 }));
    expect(await screen.findByRole('menuitem', { name: 'Instrukcja (PDF)' })).toHaveAttribute(
      'href',
      '/org-media/files/manuals/pacjent.pdf',
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Film instruktażowy' }));
    const player = await screen.findByRole('dialog', { name: 'Film instruktażowy' });
    const video = player.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/org-media/files/video/instrukcja.mp4');
    expect(video).toHaveAttribute('controls');
    // The menu item is gone once the player closes: the focus goes back to POMOC.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'POMOC' })).toHaveFocus());
  });

  it('offers no video when none is installed: POMOC opens the manual', async () => {
    renderSignedInTools(patient, { installedHelpFiles: ['manuals/pacjent.pdf'] });
    await waitFor(
      () =>
        expect(screen.getByRole('link', { name: 'POMOC' })).toHaveAttribute(
          'href',
          '/org-media/files/manuals/pacjent.pdf',
        ),
      { timeout: 3000 },
    );
    expect(screen.getByRole('link', { name: 'POMOC' })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('menuitem', { name: 'Film instruktażowy' })).not.toBeInTheDocument();
  });
});
