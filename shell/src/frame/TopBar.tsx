import {
  makeStyles,
  mergeClasses,
  shorthands,
  Title1,
  ToggleButton,
  tokens,
} from '@fluentui/react-components';
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
  tools: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  tool: {
    color: 'inherit',
    backgroundColor: 'transparent',
    ...shorthands.borderColor('transparent'),
    ':hover': { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorNeutralBackground1 },
  },
  checked: {
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    ...shorthands.borderColor(tokens.colorNeutralForegroundOnBrand),
  },
});

const FONT_LABELS = ['Domyślny rozmiar czcionki', 'Większa czcionka', 'Największa czcionka'];

export function TopBar() {
  const styles = useStyles();
  const { page, appearance } = useShellRuntime();
  const title = useObservable(page.title);
  const current = useObservable(appearance);
  const toolClass = (checked: boolean) => mergeClasses(styles.tool, checked && styles.checked);
  return (
    <header className={styles.bar}>
      <Title1
        as="h1"
        className={styles.title}
        style={{ fontSize: `${HEADING_SIZE_PT[current.fontLevel]}pt` }}
      >
        {title}
      </Title1>
      <div role="group" aria-label="Ustawienia wyglądu" className={styles.tools}>
        {FONT_LEVELS.map((level) => (
          <ToggleButton
            key={level}
            className={toolClass(current.fontLevel === level)}
            checked={current.fontLevel === level}
            aria-label={FONT_LABELS[level]}
            title={FONT_LABELS[level]}
            onClick={() => appearance.setFontLevel(level)}
            style={{ fontSize: `${14 + level * 4}px` }}
          >
            A{'+'.repeat(level)}
          </ToggleButton>
        ))}
        <ToggleButton
          className={toolClass(current.theme === 'high-contrast')}
          icon={<DarkThemeRegular />}
          checked={current.theme === 'high-contrast'}
          onClick={appearance.toggleContrast}
        >
          Wysoki kontrast
        </ToggleButton>
      </div>
    </header>
  );
}
