import type { ManagedTerms } from '@formularze/domain/schemas/terms';

export type TermsStatus = 'aktualny' | 'przyszły' | 'poprzedni' | 'usunięty';

/**
 * Where each document stands at `now`, as the API decides it: the current terms are the live
 * ones with the latest start not after now; live ones starting later are future terms.
 */
export function termsStatuses(terms: readonly ManagedTerms[], now = new Date()): Map<number, TermsStatus> {
  const started = terms
    .filter((item) => item.removedAt === null && new Date(item.activeSince) <= now)
    .sort((a, b) => Date.parse(b.activeSince) - Date.parse(a.activeSince));
  const currentId = started[0]?.id;
  return new Map(
    terms.map((item): [number, TermsStatus] => {
      if (item.removedAt !== null) return [item.id, 'usunięty'];
      if (item.id === currentId) return [item.id, 'aktualny'];
      return [item.id, new Date(item.activeSince) > now ? 'przyszły' : 'poprzedni'];
    }),
  );
}
