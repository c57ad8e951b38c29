import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadingTexts } from '../loading-texts';
import { QueryContent } from '../QueryContent';

function Settings({ read }: { read: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['settings'], queryFn: read, retry: false });
  return (
    <QueryContent query={query} texts={loadingTexts('ustawień')}>
      {(name) => <p>Nazwa: {name}</p>}
    </QueryContent>
  );
}

const renderSettings = (read: () => Promise<string>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Settings read={read} />
    </QueryClientProvider>,
  );

describe('QueryContent', () => {
  it('shows a spinner while loading, then what the data shows', async () => {
    renderSettings(() => Promise.resolve('Przychodnia'));
    expect(screen.getByText('Wczytywanie ustawień')).toBeInTheDocument();
    expect(await screen.findByText('Nazwa: Przychodnia')).toBeInTheDocument();
  });

  it('shows a failed load with a retry that reads again', async () => {
    const read = jest.fn<Promise<string>, []>().mockRejectedValueOnce(new Error('503'));
    read.mockResolvedValueOnce('Przychodnia');
    renderSettings(read);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się wczytać ustawień');
    expect(screen.getByRole('alert')).toHaveTextContent('Spróbuj ponownie później.');
    await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Nazwa: Przychodnia')).toBeInTheDocument();
    expect(read).toHaveBeenCalledTimes(2);
  });
});
