/**
 * Router state with which the fill page opens the details after a save (§2 "Filling a form": "goes
 * to /formdata/{id} with a notification flag and the draft flag"). The details page says what
 * happened, once: the flag is cleared from the history entry after it was shown.
 */
export interface SavedArrivalState {
  saved: 'sent' | 'draft';
}

export const savedArrivalState = (draft: boolean): SavedArrivalState => ({ saved: draft ? 'draft' : 'sent' });

export const ARRIVAL_MESSAGES: Record<SavedArrivalState['saved'], string> = {
  sent: 'Formularz został wysłany',
  draft: 'Zapisano wersję roboczą',
};

export function isSavedArrival(state: unknown): state is SavedArrivalState {
  const saved = (state as Partial<SavedArrivalState> | null)?.saved;
  return saved === 'sent' || saved === 'draft';
}
