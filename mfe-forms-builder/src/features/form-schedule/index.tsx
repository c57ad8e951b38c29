import { Suspense } from 'react';
import { lazyComponent } from 'shared-ui/routing';

const FormSchedulePage = lazyComponent(() => import('./components/FormSchedulePage'), 'FormSchedulePage');

/** `/forms/schedule/{id}`, loaded when first opened. */
export function LazyFormSchedulePage() {
  return (
    <Suspense fallback={null}>
      <FormSchedulePage />
    </Suspense>
  );
}
