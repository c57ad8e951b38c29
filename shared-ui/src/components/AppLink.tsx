import { Link } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'shared-ui/routing';

export interface AppLinkProps {
  to: string;
  children: ReactNode;
  inline?: boolean;
  className?: string;
  /** Router state the next page reads (e.g. when a scheduled window ends). */
  state?: unknown;
  /** A fuller name when the text alone is ambiguous in a list ('WYPEŁNIJ' → 'WYPEŁNIJ Ankieta'). */
  'aria-label'?: string;
}

/** A Fluent link that navigates inside the app (a real `<a href>`, so it also opens in a new tab). */
export function AppLink({ to, children, inline, className, state, 'aria-label': ariaLabel }: AppLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { state });
  return (
    <Link
      href={href}
      inline={inline}
      className={className}
      aria-label={ariaLabel}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => navigate(event)}
    >
      {children}
    </Link>
  );
}
