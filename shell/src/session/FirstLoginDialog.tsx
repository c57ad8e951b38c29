import { Button, Text } from '@fluentui/react-components';
import { DocumentPdfRegular } from '@fluentui/react-icons/svg/document-pdf';
import { VideoRegular } from '@fluentui/react-icons/svg/video';
import { useState } from 'react';
import { ActionsDialog, InstructionVideoDialog } from 'shared-ui/components';
import {
  MANUAL_FILES,
  manualAudienceFor,
  PATIENT_VIDEO_FILE,
  type CurrentPerson,
} from '@formularze/domain/schemas';
import { useHelpMedia } from '../frame/help/use-help-media';
import { useShellRuntime } from '../frame/shell-context';

/**
 * Shown once, at a person's first login: where help is. Closing it (but not a click beside it)
 * tells the server, whose failure is not the user's concern.
 */
export function FirstLoginDialog({ person }: { person: CurrentPerson }) {
  const { api, session } = useShellRuntime();
  const [open, setOpen] = useState(true);
  const [playing, setPlaying] = useState(false);
  const { urlOf } = useHelpMedia();
  const audience = manualAudienceFor(person.authorities);
  const manual = urlOf(MANUAL_FILES[audience]);
  const video = audience === 'patient' ? urlOf(PATIENT_VIDEO_FILE) : null;

  const close = () => {
    setOpen(false);
    void api
      .put('/api/persons/after_first_login')
      .then(() => session.refetch())
      .catch(() => undefined);
  };

  return (
    <ActionsDialog
      open={open}
      title="Witamy w aplikacji Formularze"
      onDismiss={close}
      dismissOnClickOutside={false}
      actions={
        <>
          {manual && (
            <Button as="a" href={manual} target="_blank" rel="noopener" icon={<DocumentPdfRegular />}>
              POMOC
            </Button>
          )}
          {video && (
            <Button icon={<VideoRegular />} onClick={() => setPlaying(true)}>
              FILM
            </Button>
          )}
          <Button appearance="primary" onClick={close}>
            Zamknij
          </Button>
        </>
      }
      // Nested in this dialog's surface, so Fluent stacks the player over it and, once the player
      // closes, gives this dialog back to assistive technology and the keyboard.
      overlay={
        video && <InstructionVideoDialog src={video} open={playing} onClose={() => setPlaying(false)} />
      }
    >
      <Text as="p" block>
        Jeśli potrzebujesz pomocy, w każdej chwili użyj przycisku POMOC na górnym pasku.
        {video ? ' Możesz też obejrzeć krótki film instruktażowy.' : ''}
      </Text>
    </ActionsDialog>
  );
}
