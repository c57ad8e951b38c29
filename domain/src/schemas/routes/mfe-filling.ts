import { filledFormPath, formTemplatePath, scheduledFormPath } from '../record-paths';
import { route } from './route';

/** The filling area: the start page, active forms, filling (§2 "Filling a form"), details, the shop. */
export const FILLING_ROUTES = {
  dashboard: route('/', { permission: 'main:view' }),
  activeForms: route('/forms/active', { permission: 'activeforms-page:view' }),
  // Submissions kept on this device until the connection returns, and refused late ones (issue 30).
  sendQueue: route('/forms/queued', { permission: 'form-fill:page' }),
  fillNew: route('/formdata/add/:formId', {
    permission: 'form-fill:page',
    earlyReads: ({ formId }) => [formTemplatePath(formId)],
  }),
  fillScheduled: route('/formdata/fill-scheduled-test/:formId/:scheduledFormId', {
    permission: 'form-fill:page',
    earlyReads: ({ formId, scheduledFormId }) => [
      formTemplatePath(formId),
      scheduledFormPath(scheduledFormId),
    ],
  }),
  fillEdit: route('/formdata/edit/:formId/:formDataId', {
    permission: 'form-fill:page',
    earlyReads: ({ formId, formDataId }) => [formTemplatePath(formId), filledFormPath(formDataId)],
  }),
  details: route('/formdata/:formDataId', {
    permission: 'form-fill-details:page',
    earlyReads: ({ formDataId }) => [filledFormPath(formDataId)],
  }),
  // The details right after saving: the view must be read afresh, so nothing is requested early.
  savedDetails: route('/formdata/z/:formDataId/:invalidateViewAt', { permission: 'form-fill-details:page' }),
  testKit: route('/test-kit', { permission: 'test-kit:page' }),
  cart: route('/shopping-cart', { permission: 'shopping-cart:page' }),
  orders: route('/orders', { permission: 'orders-page:view' }),
};
