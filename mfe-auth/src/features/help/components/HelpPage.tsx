import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DocumentPdfRegular } from '@fluentui/react-icons/svg/document-pdf';
import { VideoRegular } from '@fluentui/react-icons/svg/video';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AppLink, InstructionVideoDialog } from 'shared-ui/components';
import { useApiClient, useSession } from 'shared-ui/remote';
import {
  AUTH_ROUTES,
  MANUAL_FILES,
  manualAudienceFor,
  mediaUrl,
  pathTo,
  PATIENT_VIDEO_FILE,
  type ManualAudience,
} from '@formularze/domain/schemas';
import { ReadingPage, ReadingSection } from '../../../shared/ReadingPage';
import { installedHelpFilesQuery } from '../api';

const useStyles = makeStyles({
  steps: { margin: 0, paddingInlineStart: '1.5em', display: 'flex', flexDirection: 'column', gap: '0.4em' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

const MANUAL_LABELS: Record<ManualAudience, string> = {
  patient: 'Instrukcja dla pacjenta (PDF)',
  coordinator: 'Instrukcja dla lekarza i koordynatora (PDF)',
  owner: 'Instrukcja dla administratora (PDF)',
};

/** The signed-in person's manual first: it is the one they most likely came for. */
function manualsInOrder(own: ManualAudience | null): ManualAudience[] {
  const all: ManualAudience[] = ['patient', 'coordinator', 'owner'];
  return own ? [own, ...all.filter((audience) => audience !== own)] : all;
}

/** `/help`: how to sign in, recover a password and fill a form; the manuals and the video installed. */
export function HelpPage() {
  const styles = useStyles();
  const client = useApiClient();
  const { person } = useSession();
  const installed = useQuery(installedHelpFilesQuery(client)).data;
  const [playing, setPlaying] = useState(false);

  const audience = person ? manualAudienceFor(person.authorities) : null;
  const manuals = manualsInOrder(audience).filter((manual) => installed?.has(MANUAL_FILES[manual]));
  // The video is made for patients; guests see it too, as most of them are patients.
  const video = audience !== 'owner' && audience !== 'coordinator' && installed?.has(PATIENT_VIDEO_FILE);

  return (
    <ReadingPage title="Pomoc">
      <ReadingSection id="help-login" title="Jak się zalogować">
        <ol className={styles.steps}>
          <li>
            <Text>
              Pacjenci logują się na stronie <AppLink to={pathTo(AUTH_ROUTES.login)}>Logowanie</AppLink>{' '}
              numerem telefonu (9 cyfr) albo adresem e-mail i hasłem.
            </Text>
          </li>
          <li>
            <Text>
              Lekarze, koordynatorzy i administratorzy logują się na stronie{' '}
              <AppLink to={pathTo(AUTH_ROUTES.employeeLogin)}>Logowanie personelu</AppLink> adresem e-mail i
              hasłem.
            </Text>
          </li>
          <li>
            <Text>
              Nie masz konta? Wybierz „Dołącz do organizacji” na stronie logowania i wypełnij formularz
              rejestracji.
            </Text>
          </li>
        </ol>
      </ReadingSection>

      <ReadingSection id="help-password" title="Nie pamiętam hasła">
        <Text as="p" block>
          Na stronie <AppLink to={pathTo(AUTH_ROUTES.passwordReset)}>Odzyskiwanie hasła</AppLink> (personel:{' '}
          <AppLink to={pathTo(AUTH_ROUTES.employeePasswordReset)}>Odzyskiwanie hasła personelu</AppLink>)
          wpisz swój login i wybierz „Wyślij link”. Otrzymasz wiadomość z linkiem; otwórz go i ustaw nowe
          hasło. Hasło ma od 8 do 32 znaków, w tym małą i wielką literę, cyfrę i jeden ze znaków @ # $ % ^ & +
          =.
        </Text>
      </ReadingSection>

      <ReadingSection id="help-fill" title="Jak wypełnić formularz">
        <ol className={styles.steps}>
          <li>
            <Text>Zaloguj się i wybierz w menu „Formularze”.</Text>
          </li>
          <li>
            <Text>Przy formularzu, który chcesz wypełnić, wybierz „Wypełnij”.</Text>
          </li>
          <li>
            <Text>Odpowiedz na pytania. Pytania z dopiskiem „* Pole wymagane” trzeba wypełnić.</Text>
          </li>
          <li>
            <Text>
              Wybierz „Zapisz i wyślij”. Jeśli musisz przerwać, wybierz „Zapisz”: wersja robocza czeka w
              sekcji „Zapisane formularze - wersja robocza”.
            </Text>
          </li>
        </ol>
      </ReadingSection>

      {(manuals.length > 0 || video) && (
        <ReadingSection id="help-files" title="Instrukcje do pobrania">
          <div className={styles.actions}>
            {manuals.map((manual) => (
              <Button
                key={manual}
                as="a"
                href={mediaUrl(MANUAL_FILES[manual])}
                target="_blank"
                rel="noopener"
                icon={<DocumentPdfRegular />}
              >
                {MANUAL_LABELS[manual]}
              </Button>
            ))}
            {video && (
              <Button icon={<VideoRegular />} onClick={() => setPlaying(true)}>
                Film instruktażowy
              </Button>
            )}
          </div>
          <Text as="p" block>
            Na każdym ekranie przycisk „Instrukcja” na górnym pasku otwiera opis tego ekranu.
          </Text>
        </ReadingSection>
      )}
      {video && (
        <InstructionVideoDialog
          src={mediaUrl(PATIENT_VIDEO_FILE)}
          open={playing}
          onClose={() => setPlaying(false)}
        />
      )}

      <Text as="p" block>
        Wersje aplikacji i dane kontaktowe znajdziesz na stronie{' '}
        <AppLink to={pathTo(AUTH_ROUTES.about)}>O aplikacji</AppLink>.
      </Text>
    </ReadingPage>
  );
}
