/**
 * The API addresses of the records a screen starts from: its area reads them, and the shell may
 * request them early (`earlyReads` of the route tables). Free of imports: the shell's entry bundles it.
 */
export const formTemplatePath = (formId: number | string) => `/api/form_template/${formId}`;
export const scheduledFormPath = (scheduledFormId: number | string) =>
  `/api/forms/scheduled/${scheduledFormId}`;
export const filledFormPath = (formDataId: number | string) => `/api/form_data/${formDataId}`;
