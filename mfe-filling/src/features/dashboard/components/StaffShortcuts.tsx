import { makeStyles, tokens } from '@fluentui/react-components';
import { AppLink } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import {
  ADMIN_ROUTES,
  FORMS_BUILDER_ROUTES,
  pathTo,
  RESULTS_ROUTES,
  type PermissionKey,
} from '@formularze/domain/schemas';

const SHORTCUTS: readonly { label: string; path: string; permission: PermissionKey }[] = [
  { label: 'Formularze', path: pathTo(FORMS_BUILDER_ROUTES.formList), permission: 'forms-page:view' },
  { label: 'Wyniki', path: pathTo(RESULTS_ROUTES.results), permission: 'results-page:view' },
  { label: 'Członkowie organizacji', path: pathTo(ADMIN_ROUTES.members), permission: 'admin:fetchOrgUsers' },
  { label: 'Projekty', path: pathTo(RESULTS_ROUTES.projects), permission: 'groups-page:view' },
];

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(12em, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  tile: {
    display: 'block',
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
});

/** Staff's way into their daily work: the pages their role opens, as large links. */
export function StaffShortcuts() {
  const styles = useStyles();
  const shell = useShell();
  const shortcuts = SHORTCUTS.filter(({ permission }) => shell.permissions.has(permission));
  if (shortcuts.length === 0) return null;
  return (
    <nav aria-label="Skróty">
      <ul className={styles.list}>
        {shortcuts.map(({ label, path }) => (
          <li key={path}>
            <AppLink to={path} className={styles.tile}>
              {label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
