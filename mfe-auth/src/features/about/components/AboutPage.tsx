import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { AppLink, NARROW_WINDOW } from 'shared-ui/components';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { AUTH_ROUTES, pathTo, REMOTE_NAMES, type RemoteName } from '@formularze/domain/schemas';
import type { OrganizationProfile } from '@formularze/domain/schemas/profile';
import { organizationProfileQuery } from '../../../shared/organization-profile-query';
import { ReadingPage, ReadingSection } from '../../../shared/ReadingPage';
import { apiVersionQuery, remoteRegistryQuery } from '../api';

const useStyles = makeStyles({
  versions: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    // An area's name leaves no room beside it for its version: the version goes under the name.
    [NARROW_WINDOW]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  versionRow: { display: 'contents' },
  term: { fontWeight: tokens.fontWeightSemibold },
  definition: { margin: 0, overflowWrap: 'anywhere' },
});

/** What each area does, in the words of its screens. */
const AREA_LABELS: Record<RemoteName, string> = {
  'mfe-auth': 'Konta i logowanie',
  'mfe-forms-builder': 'Definicje formularzy',
  'mfe-filling': 'Wypełnianie formularzy',
  'mfe-results': 'Wyniki i projekty',
  'mfe-admin': 'Administracja',
};

/** The organization's address lines as written in its profile, empty lines left out. */
function addressLines({ billingInfo }: OrganizationProfile): string[] {
  const cityLine = [billingInfo.zipCode, billingInfo.city].filter(Boolean).join(' ');
  return [
    billingInfo.name,
    billingInfo.street,
    cityLine,
    billingInfo.post ? `Poczta: ${billingInfo.post}` : null,
  ].filter((line): line is string => Boolean(line));
}

/** `/about`: the product, the versions running, and whom to contact. */
export function AboutPage() {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const { person } = useSession();
  const canReadOrganization = shell.permissions.has('orgDetails:change');
  const api = useQuery(apiVersionQuery(client));
  const registry = useQuery(remoteRegistryQuery(client));
  const organization = useQuery({ ...organizationProfileQuery(client), enabled: canReadOrganization });

  // This area reports the version that actually loaded (it may be a fallback); the others, the registry's.
  const versionOf = (name: RemoteName) =>
    name === shell.remote.name
      ? shell.remote.version
      : (registry.data?.remotes.find((remote) => remote.name === name)?.version ??
        (registry.isPending ? '…' : 'brak wersji'));

  return (
    <ReadingPage title="O aplikacji">
      <Text as="p" block>
        <strong>Formularze</strong> to platforma do tworzenia formularzy medycznych, przydzielania ich
        pacjentom i przeglądania wypełnionych danych.
      </Text>

      <ReadingSection id="about-versions" title="Wersje">
        <dl className={styles.versions}>
          <dt className={styles.term}>Wersja API</dt>
          <dd className={styles.definition}>{api.data ?? (api.isError ? 'niedostępna' : '…')}</dd>
          {REMOTE_NAMES.map((name) => (
            <div key={name} className={styles.versionRow} data-about-version={name}>
              <dt className={styles.term}>
                {AREA_LABELS[name]} ({name})
              </dt>
              <dd className={styles.definition}>{versionOf(name)}</dd>
            </div>
          ))}
        </dl>
      </ReadingSection>

      <ReadingSection id="about-contact" title="Kontakt">
        {person?.organization ? (
          <>
            <Text as="p" block>
              W sprawach formularzy, kont i wyników skontaktuj się ze swoją organizacją:{' '}
              <strong>{person.organization.orgName}</strong>.
            </Text>
            {organization.data && addressLines(organization.data).length > 0 && (
              <address>
                {addressLines(organization.data).map((line) => (
                  <Text key={line} as="p" block>
                    {line}
                  </Text>
                ))}
              </address>
            )}
            {organization.data?.customFooter && (
              <Text as="p" block>
                {organization.data.customFooter}
              </Text>
            )}
          </>
        ) : (
          <Text as="p" block>
            W sprawach formularzy, kont i wyników skontaktuj się z placówką, która zaprosiła Cię do aplikacji.
            Po zalogowaniu zobaczysz tu jej nazwę.
          </Text>
        )}
      </ReadingSection>

      <Text as="p" block>
        Potrzebujesz pomocy? Zajrzyj na stronę <AppLink to={pathTo(AUTH_ROUTES.help)}>Pomoc</AppLink>.
      </Text>
    </ReadingPage>
  );
}
