import {
  Breadcrumb,
  BreadcrumbButton,
  BreadcrumbDivider,
  BreadcrumbItem,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Fragment } from 'react';
import { navigate } from '../../contract/create-shell-contract';
import { useObservable, useShellRuntime } from '../shell-context';

const useStyles = makeStyles({
  trail: { marginBlockEnd: tokens.spacingVerticalM },
  // A long trail or the largest font goes on to the next line instead of widening the page.
  list: { flexWrap: 'wrap' },
  item: { maxWidth: '100%' },
  button: { whiteSpace: 'normal', overflowWrap: 'anywhere', height: 'auto', textAlign: 'start' },
});

/** The trail of pages that led here; the last one is the page on screen. */
export function Breadcrumbs() {
  const styles = useStyles();
  const { page } = useShellRuntime();
  const trail = useObservable(page.breadcrumbs);
  if (trail.length === 0) return null;
  return (
    <Breadcrumb aria-label="Ścieżka nawigacji" className={styles.trail} list={{ className: styles.list }}>
      {trail.map((crumb, index) => {
        const last = index === trail.length - 1;
        return (
          <Fragment key={crumb.path}>
            <BreadcrumbItem className={styles.item}>
              <BreadcrumbButton
                className={styles.button}
                current={last}
                href={crumb.path}
                onClick={(event) => {
                  event.preventDefault();
                  if (!last) navigate(crumb.path);
                }}
              >
                {crumb.label}
              </BreadcrumbButton>
            </BreadcrumbItem>
            {!last && <BreadcrumbDivider />}
          </Fragment>
        );
      })}
    </Breadcrumb>
  );
}
