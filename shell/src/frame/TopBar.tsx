import { makeStyles, Title1, ToggleButton, Toolbar, ToolbarDivider, tokens, Tooltip } from '@fluentui/react-components';
import { DarkThemeRegular } from '@fluentui/react-icons';
import { FONT_LEVELS } from 'shared-ui/contract';
import { HEADING_SIZE_PT } from 'shared-ui/theme';
import { useObservable, useShellRuntime } from './shell-context';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  title: { color: 'inherit', margin: 0 },
  tools: { color: 'inherit' },
});

const FONT_LABELS = ['Domyślny rozmiar czcionki', 'Większa czcionka', 'Największa czcionka'];

export function TopBar() {
  const styles = useStyles();
  const { page, appearance } = useShellRuntime();
  const title = useObservable(page.title);
  const current = useObservable(appearance);
  return (
    <header className={styles.bar}>
      <Title1 as="h1" className={styles.title} style={{ fontSize: `${HEADING_SIZE_PT[current.fontLevel]}pt` }}>
        {title}
      </Title1>
      <Toolbar aria-label="Ustawienia wyglądu" className={styles.tools}>
        {FONT_LEVELS.map((level) => (
          <Tooltip key={level} content={FONT_LABELS[level]!} relationship="label">
            <ToggleButton
              appearance="subtle"
              checked={current.fontLevel === level}
              onClick={() => appearance.setFontLevel(level)}
              style={{ color: 'inherit', fontSize: `${14 + level * 4}px` }}
            >
              A{'+'.repeat(level)}
            </ToggleButton>
          </Tooltip>
        ))}
        <ToolbarDivider />
        <ToggleButton
          appearance="subtle"
          icon={<DarkThemeRegular />}
          checked={current.theme === 'high-contrast'}
          onClick={appearance.toggleContrast}
          style={{ color: 'inherit' }}
        >
          Wysoki kontrast
        </ToggleButton>
      </Toolbar>
    </header>
  );
}
