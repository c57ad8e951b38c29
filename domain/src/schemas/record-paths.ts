import { pathTo } from './routes/route';

/**
 * The API addresses of the records a screen starts from: its area reads them, and the shell may
 * request them early (`earlyReads` of the route tables). Built like the screens' addresses, each id
 * URI-encoded, with nothing imported but `pathTo` (itself import-free): the shell's entry bundles it.
 */
export const formTemplatePath = (formId: number | string) =>
  pathTo({ path: '/api/form_template/:formId' }, { formId });
export const scheduledFormPath = (scheduledFormId: number | string) =>
  pathTo({ path: '/api/forms/scheduled/:scheduledFormId' }, { scheduledFormId });
export const filledFormPath = (formDataId: number | string) =>
  pathTo({ path: '/api/form_data/:formDataId' }, { formDataId });
