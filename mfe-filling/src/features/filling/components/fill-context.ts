import { createContext, useContext } from 'react';
import type { Control, UseFormClearErrors, UseFormGetValues } from 'react-hook-form';
import type { FormValues } from '../fill-model';

/**
 * What every field of the page needs from the form. It changes only when the whole page does
 * (read-only, refused files), so a keystroke never re-renders the fields through it.
 */
export interface FillContextValue {
  control: Control<FormValues>;
  clearErrors: UseFormClearErrors<FormValues>;
  getValues: UseFormGetValues<FormValues>;
  /** Someone other than the filler looks at the answers. */
  readOnly: boolean;
  /** Uploaded file ids the server refused (file-type-not-allowed). */
  invalidFileKeys: ReadonlySet<string>;
}

export const FillContext = createContext<FillContextValue | null>(null);

export function useFillContext(): FillContextValue {
  const value = useContext(FillContext);
  if (!value) throw new Error('A field of the fill page is rendered outside its form');
  return value;
}
