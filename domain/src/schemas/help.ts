/**
 * Where help files live under `/org-media/files`. The server lists what is installed
 * (`GET /api/media`) and the shell offers only those, so a missing file hides its button.
 */
export const ORG_MEDIA_PREFIX = '/org-media/files';

export type ManualAudience = 'owner' | 'coordinator' | 'patient';

export const MANUAL_FILES: Record<ManualAudience, string> = {
  owner: 'manuals/administrator.pdf',
  coordinator: 'manuals/koordynator.pdf',
  patient: 'manuals/pacjent.pdf',
};

export const PATIENT_VIDEO_FILE = 'video/instrukcja.mp4';

/** The instructions of a view are named after the first segment of its route (`start` for `/`). */
export function instructionsFileFor(pathname: string): string {
  const [first] = pathname.split('/').filter(Boolean);
  return `instructions/${first ?? 'start'}.pdf`;
}

export function mediaUrl(file: string): string {
  return `${ORG_MEDIA_PREFIX}/${file}`;
}

/** The manual a person gets from POMOC: owners and platform administrators, staff, or patients. */
export function manualAudienceFor(authorities: string): ManualAudience {
  if (authorities.includes('ROLE_OWNER') || authorities.includes('ROLE_ADMIN')) return 'owner';
  if (authorities.includes('ROLE_EDITOR')) return 'coordinator';
  return 'patient';
}
