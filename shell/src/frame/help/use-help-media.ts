import { useQuery } from '@tanstack/react-query';
import { helpMedia, mediaUrl } from '@formularze/domain/schemas';
import { useShellRuntime } from '../shell-context';
import { useIdle } from 'shared-ui/routing';

/**
 * The help files installed on the server, asked for once the page has rendered. `urlOf` answers the
 * address of a file, or `null` while unknown or when it is missing, so its button stays hidden.
 */
export function useHelpMedia() {
  const { api } = useShellRuntime();
  const idle = useIdle();
  const { data } = useQuery({
    enabled: idle,
    queryKey: ['help-media'],
    queryFn: async () => new Set(helpMedia.parse((await api.get('/api/media')).data).files),
    staleTime: Infinity,
  });
  return { urlOf: (file: string) => (data?.has(file) ? mediaUrl(file) : null) };
}
