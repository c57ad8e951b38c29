import { usePagingCookie } from 'shared-ui/components';
import { useSession } from 'shared-ui/remote';

/** §9: active forms sections are paged 10, 20 or 50, 10 unless the person chose. */
export const SECTION_PAGE_SIZES = [10, 20, 50] as const;
export const SECTION_DEFAULT_PAGE_SIZE = 10;

export type SectionKey = 'active' | 'open-slots' | 'future-slots' | 'archive' | 'drafts';

/** One section's page and size, remembered per section and per person. */
export function useSectionPaging(section: SectionKey) {
  const { person } = useSession();
  return usePagingCookie(`active-forms-${section}-paging-${person?.id ?? 'guest'}`, {
    pageSizes: SECTION_PAGE_SIZES,
    defaultPageSize: SECTION_DEFAULT_PAGE_SIZE,
  });
}
