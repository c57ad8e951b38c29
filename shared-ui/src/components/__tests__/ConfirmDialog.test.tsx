import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';

function RemovableItem({ onRemove, busy = false }: { onRemove: () => void; busy?: boolean }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button onClick={() => setAsking(true)}>Usuń wpis</button>
      <ConfirmDialog
        open={asking}
        title="Usunąć wpis?"
        confirmLabel="Usuń"
        busy={busy}
        onConfirm={() => {
          onRemove();
          setAsking(false);
        }}
        onCancel={() => setAsking(false)}
      >
        Tej operacji nie można cofnąć.
      </ConfirmDialog>
    </>
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Usuń wpis' }));
  return screen.findByRole('dialog', { name: 'Usunąć wpis?' });
}

describe('ConfirmDialog', () => {
  it('runs the action only when confirmed', async () => {
    const onRemove = jest.fn();
    render(<RemovableItem onRemove={onRemove} />);
    const dialog = await openDialog();
    expect(within(dialog).getByText('Tej operacji nie można cofnąć.')).toBeInTheDocument();
    expect(onRemove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancels with Anuluj and with Escape', async () => {
    const onRemove = jest.fn();
    render(<RemovableItem onRemove={onRemove} />);
    await userEvent.click(within(await openDialog()).getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await openDialog();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onRemove).not.toHaveBeenCalled();
  });

  it('cannot be confirmed twice while the action runs', async () => {
    render(<RemovableItem onRemove={jest.fn()} busy />);
    expect(within(await openDialog()).getByRole('button', { name: 'Usuń' })).toBeDisabled();
  });
});
