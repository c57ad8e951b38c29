import { makeStyles, NavDrawer, NavDrawerBody, NavItem, tokens } from '@fluentui/react-components';
import { ClipboardTaskListLtrRegular } from '@fluentui/react-icons/svg/clipboard-task-list-ltr';
import { DocumentBulletListRegular } from '@fluentui/react-icons/svg/document-bullet-list';
import { FolderRegular } from '@fluentui/react-icons/svg/folder';
import { FormRegular } from '@fluentui/react-icons/svg/form';
import { HomeRegular } from '@fluentui/react-icons/svg/home';
import { PeopleRegular } from '@fluentui/react-icons/svg/people';
import { SettingsRegular } from '@fluentui/react-icons/svg/settings';
import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import type { JSX } from 'react';
import { useLocation } from 'shared-ui/routing';
import { navigate } from '../../contract/create-shell-contract';
import { visibleMenuEntries, type MenuIcon } from '../navigation/menu-entries';
import { menuWidthPx } from '../navigation/menu-width';
import { useObservable, useShellRuntime } from '../shell-context';

const ICONS: Record<MenuIcon, JSX.Element> = {
  start: <HomeRegular />,
  filled: <ClipboardTaskListLtrRegular />,
  active: <FormRegular />,
  forms: <DocumentBulletListRegular />,
  persons: <PeopleRegular />,
  projects: <FolderRegular />,
  settings: <SettingsRegular />,
};

const useStyles = makeStyles({
  // Wide pages (tables) must not squeeze the menu; on a page longer than the window the menu's
  // background goes down with it (the drawer's own style stops it at the window's height).
  drawer: { height: 'auto', minHeight: '100%', maxHeight: 'none', flexShrink: 0 },
  item: { fontSize: tokens.fontSizeBase400 },
});

/** The entry whose path is the longest prefix of the current page. */
function selectedPath(pathname: string, paths: string[]): string | undefined {
  return paths
    .filter(
      (path) =>
        pathname === path || (path !== pathTo(FILLING_ROUTES.dashboard) && pathname.startsWith(`${path}/`)),
    )
    .sort((a, b) => b.length - a.length)[0];
}

export function SideMenu({ open }: { open: boolean }) {
  const styles = useStyles();
  const { session, config, appearance } = useShellRuntime();
  useObservable(session);
  const { fontLevel } = useObservable(appearance);
  const entries = visibleMenuEntries(session.permissions(), useObservable(config));
  const { pathname } = useLocation();
  const width = menuWidthPx(fontLevel);
  return (
    <NavDrawer
      id="side-menu"
      type="inline"
      open={open}
      className={styles.drawer}
      style={{ width }}
      selectedValue={selectedPath(
        pathname,
        entries.map((entry) => entry.path),
      )}
      aria-label="Menu główne"
    >
      <NavDrawerBody>
        {entries.map((entry) => (
          <NavItem
            key={entry.path}
            as="a"
            href={entry.path}
            value={entry.path}
            icon={ICONS[entry.icon]}
            className={styles.item}
            onClick={(event) => {
              event.preventDefault();
              navigate(entry.path);
            }}
          >
            {entry.label}
          </NavItem>
        ))}
      </NavDrawerBody>
    </NavDrawer>
  );
}
