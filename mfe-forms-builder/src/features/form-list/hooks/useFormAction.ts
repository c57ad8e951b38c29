import { runFormAction, type FormAction } from '../api';
import { useListedFormMutation } from './useListedFormMutation';

const DONE: Record<FormAction, (name: string) => string> = {
  activate: (name) => `Aktywowano formularz ${name}`,
  deactivate: (name) => `Wstrzymano formularz ${name}`,
  duplicate: (name) => `Utworzono kopię formularza ${name}`,
  remove: (name) => `Usunięto formularz ${name}`,
};

/** Runs a row action, says how it went, and refreshes the list. */
export function useFormAction() {
  return useListedFormMutation(runFormAction, (form, action: FormAction) => DONE[action](form.name));
}
