import { makeStyles, Tab, Title2 } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import {
  AppLink,
  loadingTexts,
  QueryContent,
  usePageStyles,
  useUnsavedChangesGuard,
  WrappingTabList,
} from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { useNavigate } from 'shared-ui/routing';
import { AUTH_ROUTES, FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import { organizationProfileQuery } from '../../../shared/organization-profile-query';
import { myProfileQuery } from '../api';
import { MY_DATA_VIEWERS_TITLE, MyDataViewers } from './MyDataViewers';
import { OrganizationProfileForm } from './OrganizationProfileForm';
import { UserProfileForm, type UserProfileFormProps } from './UserProfileForm';

const useStyles = makeStyles({
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' },
});

type TabId = 'user' | 'organization' | 'viewers';

/**
 * `/profile`: the user's profile; for a patient, who at the organization read their data; for
 * those who may change it, the organization's profile.
 */
export function ProfilePage({ reload }: Pick<UserProfileFormProps, 'reload'>) {
  const styles = useStyles();
  const pageStyles = usePageStyles();
  const shell = useShell();
  const client = useApiClient();
  const navigate = useNavigate();
  const canEditOrganization = shell.permissions.has('orgDetails:change');
  const [tab, setTab] = useState<TabId>('user');
  const [dirty, setDirty] = useState({ user: false, organization: false });
  const { confirmLeave, dialog } = useUnsavedChangesGuard(dirty.user || dirty.organization);
  const profile = useQuery(myProfileQuery(client));
  const organization = useQuery({ ...organizationProfileQuery(client), enabled: canEditOrganization });
  const isPatient = profile.data?.isPatient === true;

  useEffect(() => shell.page.setTitle('Profil'), [shell]);

  const onUserDirty = useCallback((value: boolean) => setDirty((d) => ({ ...d, user: value })), []);
  const onOrganizationDirty = useCallback(
    (value: boolean) => setDirty((d) => ({ ...d, organization: value })),
    [],
  );
  const cancel = async () => {
    if (await confirmLeave()) navigate(pathTo(FILLING_ROUTES.dashboard));
  };

  return (
    <div className={pageStyles.page}>
      <div className={styles.header}>
        <Title2 as="h2">Profil</Title2>
        {shell.permissions.has('apikeys') && <AppLink to={pathTo(AUTH_ROUTES.apiKeys)}>Klucze API</AppLink>}
      </div>
      <WrappingTabList selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value as TabId)}>
        <Tab value="user">Profil użytkownika</Tab>
        {canEditOrganization && <Tab value="organization">Profil organizacji</Tab>}
        {isPatient && <Tab value="viewers">{MY_DATA_VIEWERS_TITLE}</Tab>}
      </WrappingTabList>
      {/* Both forms stay mounted, so switching tabs keeps what was typed. */}
      <div role="tabpanel" hidden={tab !== 'user'} aria-label="Profil użytkownika">
        <QueryContent query={profile} texts={loadingTexts('profilu')}>
          {(loadedProfile) => (
            <UserProfileForm
              profile={loadedProfile}
              onDirtyChange={onUserDirty}
              onCancel={() => void cancel()}
              reload={reload}
            />
          )}
        </QueryContent>
      </div>
      {canEditOrganization && (
        <div role="tabpanel" hidden={tab !== 'organization'} aria-label="Profil organizacji">
          <QueryContent query={organization} texts={loadingTexts('danych organizacji')}>
            {(loadedOrganization) => (
              <OrganizationProfileForm
                organization={loadedOrganization}
                onDirtyChange={onOrganizationDirty}
                onCancel={() => void cancel()}
              />
            )}
          </QueryContent>
        </div>
      )}
      {isPatient && (
        <div role="tabpanel" hidden={tab !== 'viewers'} aria-label={MY_DATA_VIEWERS_TITLE}>
          {/* Read when opened: every other visit to the profile costs the server nothing more. */}
          {tab === 'viewers' && <MyDataViewers />}
        </div>
      )}
      {dialog}
    </div>
  );
}
