import { lazy, Suspense } from 'react';
import { Route, Routes } from 'shared-ui/routing';
import { LazyScoreTrend } from './features/score-trend';

const ResultsPage = lazy(() =>
  import('./features/results/components/ResultsPage').then((module) => ({ default: module.ResultsPage })),
);
const FormResultsPage = lazy(() =>
  import('./features/filled-data/components/FormResultsPage').then((module) => ({
    default: module.FormResultsPage,
  })),
);
const FilledFormsPage = lazy(() =>
  import('./features/filled-forms/components/FilledFormsPage').then((module) => ({
    default: module.FilledFormsPage,
  })),
);
const PersonFormsPage = lazy(() =>
  import('./features/filled-forms/components/PersonFormsPage').then((module) => ({
    default: module.PersonFormsPage,
  })),
);

const ProjectsPage = lazy(() =>
  import('./features/projects/components/ProjectsPage').then((module) => ({ default: module.ProjectsPage })),
);
const ProjectAddPage = lazy(() =>
  import('./features/projects/components/ProjectFormPage').then((module) => ({
    default: module.ProjectAddPage,
  })),
);
const ProjectEditPage = lazy(() =>
  import('./features/projects/components/ProjectFormPage').then((module) => ({
    default: module.ProjectEditPage,
  })),
);

/** Screens of the results area; filled data, export and projects arrive with their features. */
export function ResultsRoutes() {
  return (
    <Routes>
      <Route
        path="/results"
        element={
          <Suspense fallback={null}>
            <ResultsPage />
          </Suspense>
        }
      />
      <Route
        path="/results/:formId"
        element={
          <Suspense fallback={null}>
            <ResultsPage />
          </Suspense>
        }
      />
      <Route
        path="/formdata/all/:formId"
        element={
          <Suspense fallback={null}>
            <FormResultsPage />
          </Suspense>
        }
      />
      <Route
        path="/formdata/all/:formId/:personId"
        element={
          <Suspense fallback={null}>
            <FormResultsPage personSection={<LazyScoreTrend />} />
          </Suspense>
        }
      />
      <Route
        path="/filled-forms"
        element={
          <Suspense fallback={null}>
            <FilledFormsPage />
          </Suspense>
        }
      />
      <Route
        path="/filled-forms/all/user/:personId"
        element={
          <Suspense fallback={null}>
            <PersonFormsPage />
          </Suspense>
        }
      />
      <Route
        path="/groups"
        element={
          <Suspense fallback={null}>
            <ProjectsPage />
          </Suspense>
        }
      />
      <Route
        path="/form_group/add"
        element={
          <Suspense fallback={null}>
            <ProjectAddPage />
          </Suspense>
        }
      />
      <Route
        path="/form_group/edit/:groupId"
        element={
          <Suspense fallback={null}>
            <ProjectEditPage />
          </Suspense>
        }
      />
    </Routes>
  );
}
