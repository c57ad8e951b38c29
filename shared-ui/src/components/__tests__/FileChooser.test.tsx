import { FluentProvider } from '@fluentui/react-components';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { themeFor } from 'shared-ui/theme';
import { FileChooser } from '../FileChooser';

function renderChooser(chosen?: string | null) {
  const onFiles = jest.fn();
  render(
    <FluentProvider theme={themeFor({ theme: 'light', fontLevel: 0 })}>
      <FileChooser
        buttonLabel="Wybierz plik PDF"
        accept="application/pdf"
        chosen={chosen}
        inputProps={{ 'aria-label': 'Plik PDF' }}
        onFiles={onFiles}
      />
    </FluentProvider>,
  );
  return { onFiles, input: screen.getByLabelText<HTMLInputElement>('Plik PDF') };
}

describe('FileChooser', () => {
  it('opens the file dialog from a Polish button reached with the keyboard; the native input stays out of reach', async () => {
    const { input } = renderChooser();
    const opened = jest.fn();
    input.addEventListener('click', opened);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Wybierz plik PDF' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    expect(input).toHaveAttribute('tabindex', '-1');
    expect(input).not.toBeVisible();
  });

  it('hands over the chosen files and says what was chosen', async () => {
    const { onFiles, input } = renderChooser(null);
    expect(screen.getByText('Nie wybrano pliku')).toBeInTheDocument();
    const pdf = new File(['%PDF'], 'regulamin.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, pdf);
    expect(onFiles).toHaveBeenCalledWith([pdf]);
  });

  it('names the chosen file to the button', () => {
    renderChooser('regulamin.pdf');
    expect(screen.getByRole('button', { name: 'Wybierz plik PDF' })).toHaveAccessibleDescription(
      'regulamin.pdf',
    );
  });
});
