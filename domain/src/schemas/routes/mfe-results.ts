import { FILLING_ROUTES } from './mfe-filling';
import { pathTo, route } from './route';

/** The results area: results, filled data, filled forms, projects (groups). */
export const RESULTS_ROUTES = {
  results: route('/results', { permission: 'results-page:view' }),
  formResults: route('/results/:formId', { permission: 'results-page:view' }),
  formAdherence: route('/results/:formId/adherence', { permission: 'results-page:view' }),
  filledData: route('/formdata/all/:formId', { permission: 'form-fill-details:page' }),
  personFilledData: route('/formdata/all/:formId/:personId', { permission: 'form-fill-details:page' }),
  filledForms: route('/filled-forms', { permission: 'filled-forms-page:view' }),
  personForms: route('/filled-forms/all/user/:personId', { permission: 'user-filled-all-forms-page:view' }),
  projects: route('/groups', { permission: 'groups-page:view' }),
  projectAdherence: route('/groups/:groupId/adherence', { permission: 'results-page:view' }),
  projectScoreTrends: route('/groups/:groupId/score-trends', { permission: 'results-page:view' }),
  projectAdd: route('/form_group/add', {
    permission: 'form-group-add-page:view',
    deniedRedirect: pathTo(FILLING_ROUTES.dashboard),
  }),
  projectEdit: route('/form_group/edit/:groupId', {
    permission: 'form-group-add-page:view',
    deniedRedirect: pathTo(FILLING_ROUTES.dashboard),
  }),
};
