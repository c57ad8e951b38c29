import { FILLING_ROUTES } from './mfe-filling';
import { pathTo, route } from './route';

/** The form-building area. */
export const FORMS_BUILDER_ROUTES = {
  formList: route('/forms', {
    permission: 'forms-page:view',
    deniedRedirect: pathTo(FILLING_ROUTES.activeForms),
  }),
  formAdd: route('/forms/add', { permission: 'form-add-page:view' }),
  formEdit: route('/forms/edit/:formId', { permission: 'form:edit' }),
  formDisplay: route('/forms/display/:formId', { permission: 'form-editor-page:view' }),
  formSchedule: route('/forms/schedule/:id', { permission: 'form-editor-page:view' }),
};
