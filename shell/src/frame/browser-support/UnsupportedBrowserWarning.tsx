import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { useEffect, useState } from 'react';
import { whenIdle } from 'shared-ui/routing';
import { isSupportedBrowser } from './supported-browsers';

export const UNSUPPORTED_BROWSER_TEXT =
  'Korzystasz z niewspieranej wersji przeglądarki, niektóre funkcje mogą nie działać prawidłowo. Rekomendujemy zaktualizowanie do najnowszej wersji.';

/** Session storage: once closed, the warning stays closed in this tab but comes back in a new one. */
export const WARNING_DISMISSED_KEY = 'unsupportedBrowserWarningDismissed';

export function UnsupportedBrowserWarning({
  userAgent = navigator.userAgent,
  storage = window.sessionStorage,
}: {
  userAgent?: string;
  storage?: Storage;
}) {
  const [dismissed, setDismissed] = useState(() => storage.getItem(WARNING_DISMISSED_KEY) === 'true');
  const [unsupported, setUnsupported] = useState(false);

  useEffect(() => {
    // Nothing to load for a user who already closed it.
    if (dismissed) return;
    let current = true;
    // Loading the browser detector waits until the page the user came for has rendered.
    const cancelIdle = whenIdle(() => {
      isSupportedBrowser(userAgent).then(
        (supported) => current && setUnsupported(!supported),
        // The check is advice; a failed chunk load must not turn into an error on the page.
        () => undefined,
      );
    });
    return () => {
      current = false;
      cancelIdle();
    };
  }, [userAgent, dismissed]);

  if (dismissed || !unsupported) return null;

  const dismiss = () => {
    storage.setItem(WARNING_DISMISSED_KEY, 'true');
    setDismissed(true);
  };

  return (
    // Polite: the warning is advice and must not interrupt what a screen reader is reading.
    <MessageBar intent="warning" politeness="polite">
      <MessageBarBody>{UNSUPPORTED_BROWSER_TEXT}</MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button appearance="transparent" aria-label="Zamknij" icon={<DismissRegular />} onClick={dismiss} />
        }
      />
    </MessageBar>
  );
}
