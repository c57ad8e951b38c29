/** A form's results as CSV, with or without personal data. */
export { resultsCsvRoutes as resultsCsvPlugin } from './results-csv-routes';
