/** The profile page's forms, the user's and the organization's, are equally wide. */
export const PROFILE_FORM_WIDTH = '640px';
