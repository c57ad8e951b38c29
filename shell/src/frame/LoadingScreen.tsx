import { makeStyles, Spinner, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  loading: { paddingBlock: tokens.spacingVerticalXXXL },
});

/** Shown while a stored session is checked, before any area may mount. */
export function LoadingScreen() {
  return <Spinner className={useStyles().loading} size="large" label="Uwierzytelnianie" />;
}
