import { Button } from '@fluentui/react-components';
import { DocumentPdfRegular } from '@fluentui/react-icons/svg/document-pdf';
import { AUTH_ROUTES, instructionsFileFor, pathTo } from '@formularze/domain/schemas';
import { useLocation } from 'shared-ui/routing';
import { navigate } from '../../contract/create-shell-contract';
import { useHelpMedia } from './use-help-media';

/** The instructions of the page on screen, when installed, and for guests the link to the help page. */
export function HelpTools({ toolClassName, signedIn }: { toolClassName: string; signedIn: boolean }) {
  const { pathname } = useLocation();
  const instructions = useHelpMedia().urlOf(instructionsFileFor(pathname));
  return (
    <>
      {instructions && (
        <Button
          as="a"
          href={instructions}
          target="_blank"
          rel="noopener"
          className={toolClassName}
          icon={<DocumentPdfRegular />}
        >
          Instrukcja
        </Button>
      )}
      {!signedIn && (
        <Button
          as="a"
          href={pathTo(AUTH_ROUTES.help)}
          className={toolClassName}
          onClick={(event) => {
            event.preventDefault();
            navigate(pathTo(AUTH_ROUTES.help));
          }}
        >
          POMOC
        </Button>
      )}
    </>
  );
}
