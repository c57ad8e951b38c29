/**
 * Router state with which the fill page opens the list of queued submissions after queueing one
 * (issue 30). The list says so itself: it is there with no connection, when the shell's alerts
 * may not be.
 */
export const QUEUED_MESSAGE =
  'Brak połączenia. Odpowiedzi zostaną wysłane automatycznie, gdy połączenie wróci.';

export interface QueuedArrivalState {
  queued: true;
}

export const queuedArrivalState: QueuedArrivalState = { queued: true };

export const isQueuedArrival = (state: unknown): state is QueuedArrivalState =>
  (state as Partial<QueuedArrivalState> | null)?.queued === true;
