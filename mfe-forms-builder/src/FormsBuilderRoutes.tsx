import { FORMS_BUILDER_ROUTES } from '@formularze/domain/schemas';
import { AreaRoutes, lazyComponent, type RoutePages } from 'shared-ui/routing';
import { FormListPage } from './features/form-list/components/FormListPage';
import { LazyFormSchedulePage } from './features/form-schedule';

// The editor (with drag and drop) loads only when a form is opened.
const FormEditorPage = lazyComponent(
  () => import('./features/form-editor/components/FormEditorPage'),
  'FormEditorPage',
);

const PAGES = {
  formList: <FormListPage />,
  formAdd: <FormEditorPage />,
  formEdit: <FormEditorPage />,
  formDisplay: <FormEditorPage />,
  formSchedule: <LazyFormSchedulePage />,
} satisfies RoutePages<typeof FORMS_BUILDER_ROUTES>;

/** Screens of the form-building area. */
export function FormsBuilderRoutes() {
  return <AreaRoutes routes={FORMS_BUILDER_ROUTES} pages={PAGES} />;
}
