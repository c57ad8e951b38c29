import { Button } from '@fluentui/react-components';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionsDialog } from '../ActionsDialog';

function renderDialog(modalType?: 'modal' | 'alert') {
  const onDismiss = jest.fn();
  render(
    <ActionsDialog
      open
      modalType={modalType}
      title="Wybierz wersję"
      onDismiss={onDismiss}
      actions={<Button>Użyj tej</Button>}
    >
      Której wersji użyć?
    </ActionsDialog>,
  );
  return onDismiss;
}

const clickBeside = async () => {
  const backdrop = document.querySelector('.fui-DialogSurface__backdrop');
  expect(backdrop).not.toBeNull();
  await userEvent.click(backdrop!);
};

describe('ActionsDialog', () => {
  it('is dismissed by a click beside it by default', async () => {
    const onDismiss = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Wybierz wersję' })).toBeInTheDocument();
    await clickBeside();
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('as an alert, reads as one and ignores a click beside it', async () => {
    const onDismiss = renderDialog('alert');
    expect(screen.getByRole('alertdialog', { name: 'Wybierz wersję' })).toBeInTheDocument();
    await clickBeside();
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('kept from a click beside it, is still a dialog that Escape dismisses', async () => {
    const onDismiss = jest.fn();
    render(
      <ActionsDialog
        open
        title="Wybierz wersję"
        onDismiss={onDismiss}
        dismissOnClickOutside={false}
        actions={<Button>Użyj tej</Button>}
      >
        Której wersji użyć?
      </ActionsDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Wybierz wersję' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onDismiss).toHaveBeenCalledTimes(1);
    await clickBeside();
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('is described by the element it names', () => {
    render(
      <ActionsDialog
        open
        title="Wybierz wersję"
        describedBy="version-question"
        onDismiss={jest.fn()}
        actions={<Button>Użyj tej</Button>}
      >
        <p id="version-question">Której wersji użyć?</p>
        <p>Druga wersja pochodzi z tego urządzenia.</p>
      </ActionsDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Wybierz wersję' })).toHaveAccessibleDescription(
      'Której wersji użyć?',
    );
  });
});
