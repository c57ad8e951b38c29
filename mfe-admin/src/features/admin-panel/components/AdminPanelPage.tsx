import { Body1, Button, makeStyles, Spinner, Tab, Title2, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { Suspense, useEffect, useId, useState } from 'react';
import { AppLink, usePageStyles, WrappingTabList } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { lazyComponent, Navigate } from 'shared-ui/routing';
import { ADMIN_ROUTES, pathTo } from '@formularze/domain/schemas';
import { ownerToken, useOwnerCheck, useOwnerLogout } from '../api';
import { useLogsDownload } from '../hooks/useLogsDownload';

// Each tool loads when its tab is first opened: the captcha widget and tables stay out of the page's first chunk.
const OrganizationRegistration = lazyComponent(
  () => import('./OrganizationRegistration'),
  'OrganizationRegistration',
);
const RemoteConsole = lazyComponent(() => import('./RemoteConsole'), 'RemoteConsole');
const OutboxViewer = lazyComponent(() => import('./OutboxViewer'), 'OutboxViewer');

const TABS = [
  { value: 'registration', label: 'Rejestracja organizacji', Panel: OrganizationRegistration },
  { value: 'remotes', label: 'Wersje modułów', Panel: RemoteConsole },
  { value: 'outbox', label: 'Wiadomości', Panel: OutboxViewer },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const useStyles = makeStyles({
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
});

/**
 * `/admin-panel`: guarded by the super-admin check; registration, remote versions, outbox and logs,
 * and a link to the platform's events.
 */
export function AdminPanelPage() {
  const styles = useStyles();
  const pageStyles = usePageStyles();
  const shell = useShell();
  const check = useOwnerCheck();
  const logout = useOwnerLogout();
  const logs = useLogsDownload();
  const [selected, setSelected] = useState<TabValue>('registration');
  const idPrefix = useId();

  useEffect(() => shell.page.setTitle('Panel administracyjny'), [shell]);

  if (!ownerToken.get() || check.isError || logout.isSuccess)
    return <Navigate to={pathTo(ADMIN_ROUTES.adminLogin)} replace />;
  if (!check.data) return <Spinner label="Sprawdzanie uprawnień" />;

  const current = TABS.find((tab) => tab.value === selected)!;
  return (
    <section className={pageStyles.page}>
      <div className={styles.header}>
        <Title2 as="h2" className={styles.grow}>
          Panel administracyjny
        </Title2>
        <AppLink to={pathTo(ADMIN_ROUTES.platformEvents)}>Zdarzenia platformy</AppLink>
        <Button icon={<ArrowDownloadRegular />} disabled={logs.isPending} onClick={() => logs.mutate()}>
          Pobierz logi
        </Button>
        <Button onClick={() => logout.mutate()}>Wyloguj się</Button>
      </div>
      <Body1>Zalogowano jako {check.data.email}.</Body1>
      <WrappingTabList
        selectedValue={selected}
        onTabSelect={(_event, data) => setSelected(data.value as TabValue)}
        aria-label="Narzędzia panelu"
      >
        {TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value} id={`${idPrefix}-${tab.value}`}>
            {tab.label}
          </Tab>
        ))}
      </WrappingTabList>
      <div role="tabpanel" aria-labelledby={`${idPrefix}-${current.value}`}>
        <Suspense fallback={<Spinner label="Wczytywanie" />}>
          <current.Panel />
        </Suspense>
      </div>
    </section>
  );
}
