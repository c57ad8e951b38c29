import { Link, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { AppLink, useStackStyles } from 'shared-ui/components';
import type { CurrentPerson } from '@formularze/domain/contract';
import { useApiClient } from 'shared-ui/remote';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';
import { formatDay } from '@formularze/domain/schemas/display-format';
import { futureTermsQuery } from '../api';

/** The personal data the organization addresses the person by. */
const profileFilled = (person: CurrentPerson) => Boolean(person.firstName?.trim() && person.surname?.trim());

export interface DashboardWarningsProps {
  person: CurrentPerson;
  /** Whether the person can open `/profile` (and accept terms there). */
  canOpenProfile: boolean;
}

/** What the person should attend to first: their profile and a coming change of terms. */
export function DashboardWarnings({ person, canOpenProfile }: DashboardWarningsProps) {
  const stack = useStackStyles();
  const client = useApiClient();
  const futureTerms = useQuery({ ...futureTermsQuery(client), enabled: person.organization !== null });
  const coming = (futureTerms.data ?? []).filter((terms) => !terms.accepted && terms.removedAt === null);
  const profileMissing = canOpenProfile && !profileFilled(person);
  if (!profileMissing && coming.length === 0) return null;
  return (
    <div className={stack.s}>
      {profileMissing && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            Twój profil nie jest uzupełniony.{' '}
            <AppLink to={pathTo(AUTH_ROUTES.profile)} inline>
              Uzupełnij profil
            </AppLink>
          </MessageBarBody>
        </MessageBar>
      )}
      {coming.map((terms) => (
        <MessageBar key={terms.id} intent="warning" layout="multiline">
          <MessageBarBody>
            Od {formatDay(terms.activeSince)} zacznie obowiązywać nowy regulamin „{terms.name}”.{' '}
            <Link href={terms.link} target="_blank" rel="noreferrer" inline>
              Przeczytaj regulamin
            </Link>
            {canOpenProfile && (
              <>
                {' '}
                <AppLink to={pathTo(AUTH_ROUTES.profile)} inline>
                  Zaakceptuj go w profilu
                </AppLink>
              </>
            )}
          </MessageBarBody>
        </MessageBar>
      ))}
    </div>
  );
}
