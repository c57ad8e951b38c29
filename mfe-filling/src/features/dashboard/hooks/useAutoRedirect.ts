import { useEffect } from 'react';
import { useNavigate } from 'shared-ui/routing';
import { AUTO_REDIRECT_DELAY_MS, type RedirectTarget } from '../auto-redirect';

/**
 * Goes to `target` after the delay of §9, in place of the home page (Back does not bounce the
 * patient forward again); leaving the page first cancels it.
 */
export function useAutoRedirect(target: RedirectTarget | null) {
  const navigate = useNavigate();
  const path = target?.path;
  const endDate = target?.state?.endDate;
  useEffect(() => {
    if (!path) return;
    const timer = setTimeout(
      () => navigate(path, { replace: true, state: endDate ? { endDate } : undefined }),
      AUTO_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [navigate, path, endDate]);
}
