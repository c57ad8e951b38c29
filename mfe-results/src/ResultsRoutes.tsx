import { RESULTS_ROUTES } from '@formularze/domain/schemas';
import { AreaRoutes, lazyComponent, type RoutePages } from 'shared-ui/routing';
import { LazyRefusedSubmissions } from './features/refused-submissions';
import { LazyScoreTrend } from './features/score-trend';

const ResultsPage = lazyComponent(() => import('./features/results/components/ResultsPage'), 'ResultsPage');
const FormResultsPage = lazyComponent(
  () => import('./features/filled-data/components/FormResultsPage'),
  'FormResultsPage',
);
const FilledFormsPage = lazyComponent(
  () => import('./features/filled-forms/components/FilledFormsPage'),
  'FilledFormsPage',
);
const PersonFormsPage = lazyComponent(
  () => import('./features/filled-forms/components/PersonFormsPage'),
  'PersonFormsPage',
);
const ProjectsPage = lazyComponent(
  () => import('./features/projects/components/ProjectsPage'),
  'ProjectsPage',
);
const ProjectAddPage = lazyComponent(
  () => import('./features/projects/components/ProjectFormPage'),
  'ProjectAddPage',
);
const AdherenceGridPage = lazyComponent(
  () => import('./features/adherence/components/AdherenceGridPage'),
  'AdherenceGridPage',
);
const ProjectScoreTrendsPage = lazyComponent(
  () => import('./features/project-score-trends/components/ProjectScoreTrendsPage'),
  'ProjectScoreTrendsPage',
);
const ProjectEditPage = lazyComponent(
  () => import('./features/projects/components/ProjectFormPage'),
  'ProjectEditPage',
);

const PAGES = {
  results: <ResultsPage />,
  formResults: <ResultsPage />,
  formAdherence: <AdherenceGridPage />,
  filledData: <FormResultsPage sections={<LazyRefusedSubmissions />} />,
  personFilledData: (
    <FormResultsPage
      sections={
        <>
          <LazyScoreTrend />
          <LazyRefusedSubmissions />
        </>
      }
    />
  ),
  filledForms: <FilledFormsPage />,
  personForms: <PersonFormsPage />,
  projects: <ProjectsPage />,
  projectAdherence: <AdherenceGridPage />,
  projectScoreTrends: <ProjectScoreTrendsPage />,
  projectAdd: <ProjectAddPage />,
  projectEdit: <ProjectEditPage />,
} satisfies RoutePages<typeof RESULTS_ROUTES>;

/** Screens of the results area. */
export function ResultsRoutes() {
  return <AreaRoutes routes={RESULTS_ROUTES} pages={PAGES} />;
}
