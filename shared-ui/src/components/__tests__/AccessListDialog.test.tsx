import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessListDialog, peopleMatching, type AccessListDialogProps } from '../AccessListDialog';

const texts = { loading: 'Wczytywanie użytkowników', loadError: 'Nie udało się pobrać użytkowników' };
const loaded = { isPending: false, isError: false, refetch: jest.fn() };

/** The dialog titled 'Dostęp' over a loaded list that has nothing to save, unless `props` say otherwise. */
const dialog = (props: Partial<AccessListDialogProps> = {}) => (
  <AccessListDialog
    title="Dostęp"
    query={loaded}
    texts={texts}
    canSave={false}
    onSave={jest.fn()}
    onClose={jest.fn()}
    {...props}
  >
    {props.children ?? null}
  </AccessListDialog>
);

describe('AccessListDialog', () => {
  it('shows the spinner while the list loads', () => {
    render(dialog({ query: { ...loaded, isPending: true } }));
    expect(screen.getByText('Wczytywanie użytkowników')).toBeInTheDocument();
  });

  it('retries a failed load', async () => {
    const refetch = jest.fn();
    render(dialog({ query: { ...loaded, isError: true, refetch } }));
    expect(screen.getByText('Nie udało się pobrać użytkowników')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(refetch).toHaveBeenCalled();
  });

  it("saves only when there is something to save, and 'Anuluj' closes", async () => {
    const onSave = jest.fn();
    const onClose = jest.fn();
    const { rerender } = render(dialog({ onSave, onClose, children: <p>Lista</p> }));
    expect(screen.getByRole('dialog', { name: 'Dostęp' })).toHaveTextContent('Lista');
    expect(screen.getByRole('button', { name: 'Zapisz' })).toBeDisabled();
    rerender(dialog({ canSave: true, onSave, onClose, children: <p>Lista</p> }));
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('peopleMatching', () => {
  const people = [
    { firstName: 'Łucja', surname: 'Żak', mail: 'lz@example.test', phone: null },
    { firstName: null, surname: null, mail: null, phone: '+48600100200' },
  ];

  it('matches the name, the e-mail or the phone, case aside', () => {
    expect(peopleMatching(people, ' łUCJA ')).toEqual([people[0]]);
    expect(peopleMatching(people, '600100')).toEqual([people[1]]);
    expect(peopleMatching(people, '')).toEqual(people);
  });
});
