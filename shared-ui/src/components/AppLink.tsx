import { Link } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'shared-ui/routing';

export interface AppLinkProps {
  to: string;
  children: ReactNode;
  inline?: boolean;
  className?: string;
}

/** A Fluent link that navigates inside the app (a real `<a href>`, so it also opens in a new tab). */
export function AppLink({ to, children, inline, className }: AppLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link
      href={href}
      inline={inline}
      className={className}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => navigate(event)}
    >
      {children}
    </Link>
  );
}
