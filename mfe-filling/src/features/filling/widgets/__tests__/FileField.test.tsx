import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttachedFile } from '../../attached-file';
import type { FillableField } from '../../fillable-field';
import { FileField } from '../FileField';
import {
  aFile,
  aFileField,
  anUploaded,
  api,
  FILE_TYPES,
  renderWidget,
  useHeldValue,
} from './widget-fixtures';

/** The field as the page holds it: its files in state, with every change recorded. */
function Harness({
  field,
  initial = [],
  invalidFileKeys = new Set(),
  onChange,
}: {
  field: FillableField;
  initial?: AttachedFile[];
  invalidFileKeys?: ReadonlySet<string>;
  onChange?: (files: AttachedFile[]) => void;
}) {
  const [files, change] = useHeldValue(initial, onChange);
  return (
    <>
      <label htmlFor="field-scan">{field.label}</label>
      <FileField
        field={field}
        inputId="field-scan"
        describedBy="page-hint"
        files={files}
        onChange={change}
        disabled={false}
        invalidFileKeys={invalidFileKeys}
      />
    </>
  );
}

const chooseButton = () => screen.getByRole('button', { name: 'Wybierz pliki: Skan skierowania' });
const attachedList = () => within(screen.getByRole('list', { name: 'Załączone pliki: Skan skierowania' }));

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockResolvedValue({ data: FILE_TYPES });
});

describe('FileField', () => {
  it('lists the accepted extensions, accepts them in the picker and names the control by the page label', async () => {
    renderWidget(<Harness field={aFileField()} />);

    expect(await screen.findByText(/Dokumenty: pdf, docx, txt\. Dodane pliki: 0 z 2\./)).toBeVisible();
    const input = screen.getByLabelText('Skan skierowania');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.pdf,.docx,.txt');
    expect(input).toHaveAttribute('multiple');
    expect(chooseButton()).toHaveAttribute('aria-describedby', expect.stringContaining('page-hint'));
    expect(api.get).toHaveBeenCalledWith('/api/form_data/upload/file_types');
  });

  it('adds chosen files as pending and disables choosing at the limit, telling which files were left out', async () => {
    const onChange = jest.fn();
    renderWidget(<Harness field={aFileField()} onChange={onChange} />);
    await screen.findByText(/Dokumenty/);

    await userEvent.upload(screen.getByLabelText('Skan skierowania'), [
      aFile('a.pdf'),
      aFile('b.pdf'),
      aFile('c.pdf'),
    ]);

    const added = onChange.mock.calls.at(-1)![0] as AttachedFile[];
    expect(
      added.map((attached) => [attached.status, attached.status !== 'uploaded' && attached.file.name]),
    ).toEqual([
      ['pending', 'a.pdf'],
      ['pending', 'b.pdf'],
    ]);
    expect(attachedList().getAllByRole('listitem')).toHaveLength(2);
    expect(attachedList().getAllByText('Zostanie przesłany przy zapisie formularza')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Osiągnięto limit plików. Nie dodano: c.pdf');
    expect(chooseButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByLabelText('Skan skierowania')).toBeDisabled();
    expect(screen.getByText(/Dodane pliki: 2 z 2\./)).toBeVisible();
  });

  it("refuses a file of another type with 'Niepoprawny typ pliku', announced", async () => {
    const onChange = jest.fn();
    renderWidget(<Harness field={aFileField()} onChange={onChange} />);
    await screen.findByText(/Dokumenty/);

    // userEvent would drop it by the accept attribute; a drag-and-drop or a picker's "all files" lets it through.
    await userEvent.upload(
      screen.getByLabelText('Skan skierowania'),
      [aFile('zdjecie.PNG'), aFile('wynik.PDF')],
      {
        applyAccept: false,
      },
    );

    expect(screen.getByRole('alert')).toHaveTextContent('Niepoprawny typ pliku: zdjecie.PNG');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(attachedList().getByText('wynik.PDF')).toBeVisible();
    expect(attachedList().queryByText('zdjecie.PNG')).toBeNull();
  });

  it('accepts any extension for the Any type', async () => {
    renderWidget(<Harness field={aFileField({ fileType: 'Any', maxNumberOfFiles: 5 })} />);
    await screen.findByText(/Dowolne pliki/);
    expect(screen.getByLabelText('Skan skierowania')).not.toHaveAttribute('accept');

    await userEvent.upload(screen.getByLabelText('Skan skierowania'), [aFile('dane.xyz')]);

    expect(attachedList().getByText('dane.xyz')).toBeVisible();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('removes a file by its named button and frees its place', async () => {
    renderWidget(
      <Harness
        field={aFileField()}
        initial={[anUploaded('u-1', 'skierowanie.pdf', 1536), anUploaded('u-2', 'wyniki.pdf')]}
      />,
    );
    expect(await screen.findByText(/Dodane pliki: 2 z 2\./)).toBeVisible();
    expect(attachedList().getByText('1,5 kB')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Usuń plik skierowanie.pdf' }));

    expect(attachedList().queryByText('skierowanie.pdf')).toBeNull();
    expect(screen.getByText(/Dodane pliki: 1 z 2\./)).toBeVisible();
    expect(chooseButton()).not.toHaveAttribute('aria-disabled');
    expect(chooseButton()).toHaveFocus();
  });

  it('shows the progress of an upload and marks failed and refused files', async () => {
    const uploading: AttachedFile = {
      key: 'k-1',
      status: 'uploading',
      file: aFile('duzy.pdf'),
      progress: 0.42,
    };
    const failed: AttachedFile = { key: 'k-2', status: 'failed', file: aFile('zly.pdf'), progress: 0 };
    renderWidget(
      <Harness
        field={aFileField({ maxNumberOfFiles: 5 })}
        initial={[uploading, failed, anUploaded('u-9', 'obraz.pdf')]}
        invalidFileKeys={new Set(['u-9'])}
      />,
    );

    const progress = await screen.findByRole('progressbar', { name: 'Przesyłanie pliku duzy.pdf' });
    expect(progress).toHaveAttribute('aria-valuenow', '0.42');
    expect(screen.getByText('42%')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Usuń plik duzy.pdf' })).toBeDisabled();
    expect(screen.getByText('Nie udało się przesłać pliku')).toBeVisible();
    const refusedRow = screen
      .getByRole('button', { name: 'Otwórz plik obraz.pdf w nowej karcie' })
      .closest('li')!;
    expect(within(refusedRow).getByText('Niepoprawny typ pliku')).toBeVisible();
  });

  it('opens an uploaded file in a new tab through the authorised client', async () => {
    const tab = { location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:skan'), revokeObjectURL: jest.fn() });
    api.get.mockImplementation(async (url: string) =>
      url.includes('serve_file') ? { data: new Blob(['%PDF-']) } : { data: FILE_TYPES },
    );
    renderWidget(<Harness field={aFileField()} initial={[anUploaded('u-1', 'skierowanie.pdf')]} />);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Otwórz plik skierowanie.pdf w nowej karcie' }),
    );

    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(api.get).toHaveBeenCalledWith('/api/form_data/serve_file/u-1', { responseType: 'blob' });
    await screen.findByRole('button', { name: 'Otwórz plik skierowanie.pdf w nowej karcie' });
    expect(tab.location.href).toBe('blob:skan');
  });
});
