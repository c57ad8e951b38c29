import { useQuery } from '@tanstack/react-query';
import { useApiClient } from 'shared-ui/remote';
import {
  activeFormsQuery,
  filledBagsQuery,
  futureSlotsQuery,
  myFilledDataQuery,
  openSlotsQuery,
} from '../../../shared/my-forms/api';

/** §9: the first fetch of a person's forms takes up to 100, more than anyone has pending. */
const FIRST_PAGE = { page: 0, pageSize: 100 } as const;
/** §9: the home shows at most 3 upcoming entries. */
export const UPCOMING_LIMIT = 3;

/**
 * What the home dashboard lists for a person who fills forms (`enabled`): forms to fill, open and
 * upcoming windows, drafts and submitted forms; the archive only when `withArchive` (the patient's
 * redirect rules need it).
 */
export function useDashboardLists({ enabled, withArchive }: { enabled: boolean; withArchive: boolean }) {
  const client = useApiClient();
  const options = { enabled };
  const activeForms = useQuery({
    ...activeFormsQuery(client, FIRST_PAGE),
    ...options,
  });
  const openSlots = useQuery({
    ...openSlotsQuery(client, FIRST_PAGE),
    ...options,
  });
  const upcoming = useQuery({
    ...futureSlotsQuery(client, { page: 0, pageSize: UPCOMING_LIMIT }),
    ...options,
  });
  const drafts = useQuery({
    ...myFilledDataQuery(client, 'SAVED', FIRST_PAGE),
    ...options,
  });
  const completed = useQuery({
    ...myFilledDataQuery(client, 'COMPLETED', FIRST_PAGE),
    ...options,
  });
  const archive = useQuery({
    ...filledBagsQuery(client, FIRST_PAGE),
    enabled: enabled && withArchive,
  });
  const required = [activeForms, openSlots, drafts, completed, ...(withArchive ? [archive] : [])];
  return {
    activeForms: activeForms.data?.content ?? [],
    openSlots: openSlots.data?.content ?? [],
    upcoming: upcoming.data?.content ?? [],
    drafts: drafts.data?.content ?? [],
    completed: completed.data?.content ?? [],
    archivedForms: archive.data?.content ?? [],
    /** Every list the page decides on has loaded. */
    loaded: enabled && required.every((query) => query.isSuccess),
    failed: required.some((query) => query.isError),
    retry: () => required.forEach((query) => void query.refetch()),
  };
}
