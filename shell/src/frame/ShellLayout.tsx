import { makeStaticStyles, makeStyles, tokens } from '@fluentui/react-components';
import { Alerts } from '../alerts/Alerts';
import { Footer } from './Footer';
import { RemoteOutlet } from './RemoteOutlet';
import { TopBar } from './TopBar';
import { UpdatePrompt } from './UpdatePrompt';

const useGlobalStyles = makeStaticStyles({
  body: { margin: 0 },
});

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
});

export function ShellLayout() {
  useGlobalStyles();
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <TopBar />
      <UpdatePrompt />
      <RemoteOutlet />
      <Footer />
      <Alerts />
    </div>
  );
}
