import { Spinner } from '@fluentui/react-components';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel';

export interface QueryContentProps<Data> {
  query: UseQueryResult<Data>;
  /** The spinner's label and the failed load's title. */
  texts: { loading: string; loadError: string };
  /** What the loaded data shows. */
  children(data: Data): ReactNode;
}

/** How an API read is going (a TanStack Query result fits). */
export interface ReadStatusQuery {
  isPending: boolean;
  isError: boolean;
  refetch(): unknown;
}

/** A read still loading or failed, shown the same way everywhere: a spinner, or the failure with a retry. */
export function PendingOrFailed({
  query,
  texts,
}: {
  query: ReadStatusQuery;
  texts: { loading: string; loadError: string };
}) {
  if (query.isPending) return <Spinner label={texts.loading} />;
  return (
    <ErrorPanel
      title={texts.loadError}
      message="Spróbuj ponownie później."
      onRetry={() => void query.refetch()}
    />
  );
}

/**
 * What one API read shows, the same way everywhere: a spinner while it loads, a failed load with a
 * retry, or what its data shows.
 */
export function QueryContent<Data>({ query, texts, children }: QueryContentProps<Data>) {
  if (query.isPending || query.isError) return <PendingOrFailed query={query} texts={texts} />;
  return children(query.data);
}
