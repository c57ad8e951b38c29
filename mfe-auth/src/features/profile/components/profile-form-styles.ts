import { makeStyles, tokens } from '@fluentui/react-components';

/** The profile page's forms, the user's and the organization's: one column of fields, equally wide. */
export const useProfileFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px' },
});
