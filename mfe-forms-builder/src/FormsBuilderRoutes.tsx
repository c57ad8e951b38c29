import { lazy, Suspense } from 'react';
import { Route, Routes } from 'shared-ui/routing';
import { FormListPage } from './features/form-list/components/FormListPage';
import { LazyFormSchedulePage } from './features/form-schedule';

// The editor (with drag and drop) loads only when a form is opened.
const FormEditorPage = lazy(() =>
  import('./features/form-editor/components/FormEditorPage').then((module) => ({
    default: module.FormEditorPage,
  })),
);

/** Screens of the form-building area. */
export function FormsBuilderRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/forms" element={<FormListPage />} />
        <Route path="/forms/add" element={<FormEditorPage />} />
        <Route path="/forms/edit/:formId" element={<FormEditorPage />} />
        <Route path="/forms/display/:formId" element={<FormEditorPage />} />
        <Route path="/forms/schedule/:id" element={<LazyFormSchedulePage />} />
      </Routes>
    </Suspense>
  );
}
