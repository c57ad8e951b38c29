import { useState, type ReactElement } from 'react';
import type { UploadFileType } from '@formularze/domain/schemas/uploads';
import { aFakeApiClient, aPerson, renderInRemote } from 'shared-ui/testing';
import type { AttachedFile } from '../../attached-file';
import type { FillableField } from '../../fillable-field';

/** The API as the widgets see it: one fake client, answers set per test. */
export const api = aFakeApiClient();

export const FILE_TYPES: UploadFileType[] = [
  { name: 'Document', details: 'Dokumenty: pdf, docx, txt.', extensions: ['pdf', 'docx', 'txt'] },
  { name: 'Image', details: 'Obrazy: jpg, png.', extensions: ['jpg', 'png'] },
  { name: 'Movie', details: 'Filmy: mp4.', extensions: ['mp4'] },
  { name: 'Any', details: 'Dowolne pliki.', extensions: [] },
];

export const aFileField = (overrides: Partial<FillableField> = {}): FillableField => ({
  id: 'scan',
  type: 'FILE',
  label: 'Skan skierowania',
  fileType: 'Document',
  maxNumberOfFiles: 2,
  ...overrides,
});

export const aFile = (name: string, size = 1000, type = 'application/pdf') =>
  new File([new Uint8Array(size)], name, { type });

export const anUploaded = (id: string, name: string, size = 2048): AttachedFile => ({
  key: id,
  status: 'uploaded',
  uploaded: { id, name, mimeType: 'application/pdf', size },
});

/** Renders a widget inside the filling remote for a signed-in patient. */
export function renderWidget(ui: ReactElement) {
  return renderInRemote('mfe-filling', ui, { person: aPerson('ROLE_USER'), api });
}

/** A widget's value held in state, as the page holds it; each change is also told to `onChange`. */
export function useHeldValue<T>(initial: T, onChange?: (value: T) => void) {
  const [value, setValue] = useState(initial);
  const change = (next: T) => {
    onChange?.(next);
    setValue(next);
  };
  return [value, change] as const;
}
