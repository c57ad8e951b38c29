import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resolver } from 'react-hook-form';
import { EmailLoginForm, type EmailLoginValues } from '../EmailLoginForm';

/** Asks for both boxes, as the doors' schemas do. */
const bothRequired: Resolver<EmailLoginValues> = async (values) => {
  const missing = (['email', 'password'] as const).filter((name) => values[name] === '');
  return missing.length === 0
    ? { values, errors: {} }
    : {
        values: {},
        errors: Object.fromEntries(
          missing.map((name) => [name, { type: 'required', message: 'To pole jest wymagane' }]),
        ),
      };
};

function renderForm(props: Partial<Parameters<typeof EmailLoginForm>[0]> = {}) {
  const onSubmit = jest.fn();
  render(
    <EmailLoginForm
      title="Logowanie personelu"
      emailLabel="Adres e-mail"
      resolver={bothRequired}
      busy={false}
      onSubmit={onSubmit}
      {...props}
    />,
  );
  return onSubmit;
}

describe('EmailLoginForm', () => {
  it('sends the address and the password once both are typed', async () => {
    const onSubmit = renderForm({ emailType: 'email' });
    expect(screen.getByRole('heading', { name: 'Logowanie personelu' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Adres e-mail/ })).toHaveAttribute('type', 'email');
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findAllByText('To pole jest wymagane')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: /Adres e-mail/ }), 'anna@example.test');
    await userEvent.type(screen.getByLabelText(/Hasło/), 'tajne-haslo');
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { email: 'anna@example.test', password: 'tajne-haslo' },
      expect.anything(),
    );
  });

  it('takes any user name without an e-mail type, shows the failure and waits while busy', () => {
    renderForm({ emailLabel: 'Nazwa użytkownika', error: 'Błąd logowania', busy: true });
    expect(screen.getByRole('textbox', { name: /Nazwa użytkownika/ })).toHaveAttribute('type', 'text');
    expect(screen.getByText('Błąd logowania')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zaloguj się' })).toBeDisabled();
  });
});
