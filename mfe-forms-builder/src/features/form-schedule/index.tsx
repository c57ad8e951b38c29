import { lazy, Suspense } from 'react';

const FormSchedulePage = lazy(() =>
  import('./components/FormSchedulePage').then((module) => ({ default: module.FormSchedulePage })),
);

/** `/forms/schedule/{id}`, loaded when first opened. */
export function LazyFormSchedulePage() {
  return (
    <Suspense fallback={null}>
      <FormSchedulePage />
    </Suspense>
  );
}
