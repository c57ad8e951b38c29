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
});

/** The trail of pages that led here; the last one is the page on screen. */
export function Breadcrumbs() {
  const styles = useStyles();
  const { page } = useShellRuntime();
  const trail = useObservable(page.breadcrumbs);
  if (trail.length === 0) return null;
  return (
    <Breadcrumb aria-label="Ścieżka nawigacji" className={styles.trail}>
      {trail.map((crumb, index) => {
        const last = index === trail.length - 1;
        return (
          <Fragment key={crumb.path}>
            <BreadcrumbItem>
              <BreadcrumbButton
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
