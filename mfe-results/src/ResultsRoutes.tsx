import { Route, Routes } from 'shared-ui/routing';
import { ResultsPage } from './features/results/components/ResultsPage';

/** Screens of the results area; filled data, export and projects arrive with their features. */
export function ResultsRoutes() {
  return (
    <Routes>
      <Route path="/results" element={<ResultsPage />} />
    </Routes>
  );
}
