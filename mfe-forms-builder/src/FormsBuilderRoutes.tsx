import { Route, Routes } from 'shared-ui/routing';
import { FormListPage } from './features/form-list/components/FormListPage';

/** Screens of the form-building area; the editor arrives with its feature. */
export function FormsBuilderRoutes() {
  return (
    <Routes>
      <Route path="/forms" element={<FormListPage />} />
    </Routes>
  );
}
