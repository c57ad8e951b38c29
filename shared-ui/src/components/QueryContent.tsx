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

/**
 * What one API read shows, the same way everywhere: a spinner while it loads, a failed load with a
 * retry, or what its data shows.
 */
export function QueryContent<Data>({ query, texts, children }: QueryContentProps<Data>) {
  if (query.isPending) return <Spinner label={texts.loading} />;
  if (query.isError) {
    return (
      <ErrorPanel
        title={texts.loadError}
        message="Spróbuj ponownie później."
        onRetry={() => void query.refetch()}
      />
    );
  }
  return children(query.data);
}
