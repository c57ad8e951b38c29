import {
  Avatar,
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuItemLink,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  Text,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { PersonRegular } from '@fluentui/react-icons/svg/person';
import { QuestionCircleRegular } from '@fluentui/react-icons/svg/question-circle';
import { SignOutRegular } from '@fluentui/react-icons/svg/sign-out';
import { VideoRegular } from '@fluentui/react-icons/svg/video';
import { useState } from 'react';
import { ConfirmDialog, InstructionVideoDialog } from 'shared-ui/components';
import {
  AUTH_ROUTES,
  displayName,
  MANUAL_FILES,
  manualAudienceFor,
  pathTo,
  PATIENT_VIDEO_FILE,
  type CurrentPerson,
} from '@formularze/domain/schemas';
import { navigate } from '../../contract/create-shell-contract';
import { useHelpMedia } from '../help/use-help-media';
import { PendingSends, useQueuedSubmissions } from './PendingSends';
import { useObservable, useShellRuntime } from '../shell-context';

const useStyles = makeStyles({
  name: { color: 'inherit', fontWeight: tokens.fontWeightSemibold },
  avatarButton: { color: 'inherit', minWidth: 'auto' },
  avatar: { marginInlineEnd: tokens.spacingHorizontalS },
});

const AVATAR_SIZE = { 0: 32, 1: 40, 2: 48 } as const;

/** POMOC: the role's manual, and for patients also the instructional video when one is installed. */
function HelpButton({ toolClassName }: { toolClassName: string }) {
  const { session } = useShellRuntime();
  const person = useObservable(session).person;
  const { urlOf } = useHelpMedia();
  const audience = manualAudienceFor(person?.authorities ?? '');
  const manual = urlOf(MANUAL_FILES[audience]);
  const video = audience === 'patient' ? urlOf(PATIENT_VIDEO_FILE) : null;
  const [playing, setPlaying] = useState(false);
  // The player outlives the menu item that opened it: on close, the focus goes back to POMOC.
  const restoreFocusTarget = useRestoreFocusTarget();
  if (!video) {
    return (
      <Button
        as="a"
        href={manual ?? pathTo(AUTH_ROUTES.help)}
        target={manual ? '_blank' : undefined}
        rel="noopener"
        className={toolClassName}
        icon={<QuestionCircleRegular />}
        onClick={(event) => {
          if (manual) return;
          event.preventDefault();
          navigate(pathTo(AUTH_ROUTES.help));
        }}
      >
        POMOC
      </Button>
    );
  }
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button className={toolClassName} icon={<QuestionCircleRegular />} {...restoreFocusTarget}>
            POMOC
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {manual && (
              <MenuItemLink href={manual} target="_blank" rel="noopener">
                Instrukcja (PDF)
              </MenuItemLink>
            )}
            <MenuItem icon={<VideoRegular />} onClick={() => setPlaying(true)}>
              Film instruktażowy
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <InstructionVideoDialog src={video} open={playing} onClose={() => setPlaying(false)} />
    </>
  );
}

/** The signed-in part of the top bar: pending sends, help, the user's name and the avatar menu. */
export function SignedInTools({ toolClassName }: { toolClassName: string }) {
  const { session } = useShellRuntime();
  const person = useObservable(session).person;
  return person ? <PersonTools toolClassName={toolClassName} person={person} /> : null;
}

function PersonTools({ toolClassName, person }: { toolClassName: string; person: CurrentPerson }) {
  const styles = useStyles();
  const { session, appearance } = useShellRuntime();
  const { fontLevel } = useObservable(appearance);
  const queued = useQueuedSubmissions(person.id);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const name = displayName(person);
  // Unsent answers are lost with a logout (ADR 621): the patient decides, knowing it.
  const logout = () => (queued.length ? setConfirmingLogout(true) : void session.logout());
  return (
    <>
      <PendingSends entries={queued} toolClassName={toolClassName} />
      <HelpButton toolClassName={toolClassName} />
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          {/* The user's name is the button's text: its name is what the user sees. */}
          <Button className={mergeClasses(toolClassName, styles.avatarButton)} appearance="transparent">
            <Avatar
              name={name}
              image={person.avatarPath ? { src: person.avatarPath, alt: '' } : undefined}
              color="neutral"
              // The initials grow with the font level: the circle grows with them.
              size={AVATAR_SIZE[fontLevel]}
              aria-hidden
              className={styles.avatar}
            />
            <Text className={styles.name} data-testid="user-name">
              {name}
            </Text>
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<PersonRegular />} onClick={() => navigate(pathTo(AUTH_ROUTES.profile))}>
              Profil
            </MenuItem>
            <MenuItem icon={<SignOutRegular />} onClick={logout}>
              Wyloguj
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <ConfirmDialog
        open={confirmingLogout}
        title="Nie wszystkie odpowiedzi zostały wysłane"
        confirmLabel="Wyloguj i usuń odpowiedzi"
        onConfirm={() => {
          setConfirmingLogout(false);
          void session.logout();
        }}
        onCancel={() => setConfirmingLogout(false)}
      >
        {`Na tym urządzeniu czekają odpowiedzi, których nie wysłano (${queued.length}). Po wylogowaniu zostaną z niego usunięte i nie zostaną wysłane. Aby je wysłać, pozostań zalogowany do powrotu połączenia.`}
      </ConfirmDialog>
    </>
  );
}
