import { Button, makeStyles, mergeClasses, shorthands, Title1, tokens } from '@fluentui/react-components';
import { DarkThemeRegular } from '@fluentui/react-icons/svg/dark-theme';
import { Suspense } from 'react';
import { FONT_LEVELS } from '@formularze/domain/contract';
import { HEADING_SIZE_PT } from 'shared-ui/theme';
import { lazyComponent, useIdle } from 'shared-ui/routing';
import { useObservable, useShellRuntime } from './shell-context';

// Plain buttons with aria-pressed rather than Fluent's ToggleButton, whose styles would weigh on every
// first paint; the pressed look comes from \`checked\` below.
// Only the title and the appearance switches are needed for the first paint; the rest follows.
const signedInModule = () => import('./signed-in');
const SignedInTools = lazyComponent(signedInModule, 'SignedInTools');
const MenuToggle = lazyComponent(signedInModule, 'MenuToggle');
const HelpTools = lazyComponent(() => import('./help/HelpTools'), 'HelpTools');

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  // At the largest font on a phone one word of a title ('administracyjny') is wider than the window.
  title: { color: 'inherit', margin: 0, flexGrow: 1, overflowWrap: 'anywhere' },
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
const fontButtonText = (level: number) => `A${'+'.repeat(level)}`;

export interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu(): void;
}

export function TopBar({ menuOpen, onToggleMenu }: TopBarProps) {
  const styles = useStyles();
  const { page, appearance, session } = useShellRuntime();
  const title = useObservable(page.title);
  const current = useObservable(appearance);
  const signedIn = useObservable(session).status === 'authenticated';
  const idle = useIdle();
  const toolClass = (checked = false) => mergeClasses(styles.tool, checked && styles.checked);
  return (
    <header className={styles.bar}>
      {signedIn && (
        <Suspense fallback={null}>
          <MenuToggle open={menuOpen} onToggle={onToggleMenu} className={toolClass()} />
        </Suspense>
      )}
      <Title1
        as="h1"
        className={styles.title}
        style={{ fontSize: `${HEADING_SIZE_PT[current.fontLevel]}pt` }}
      >
        {title}
      </Title1>
      <div role="group" aria-label="Ustawienia wyglądu" className={styles.tools}>
        {FONT_LEVELS.map((level) => (
          <Button
            key={level}
            className={toolClass(current.fontLevel === level)}
            aria-pressed={current.fontLevel === level}
            // The name starts with what is written on the button, so voice control can say it.
            aria-label={`${fontButtonText(level)} ${FONT_LABELS[level]}`}
            title={FONT_LABELS[level]}
            onClick={() => appearance.setFontLevel(level)}
            style={{ fontSize: `${14 + level * 4}px` }}
          >
            {fontButtonText(level)}
          </Button>
        ))}
        <Button
          className={toolClass(current.theme === 'high-contrast')}
          icon={<DarkThemeRegular />}
          aria-pressed={current.theme === 'high-contrast'}
          onClick={appearance.toggleContrast}
        >
          Wysoki kontrast
        </Button>
      </div>
      <div className={styles.tools}>
        <Suspense fallback={null}>
          {idle && <HelpTools toolClassName={toolClass()} signedIn={signedIn} />}
          {signedIn && <SignedInTools toolClassName={toolClass()} />}
        </Suspense>
      </div>
    </header>
  );
}
