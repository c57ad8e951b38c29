import * as z from 'zod/mini';
import { formToProjectParams } from '@formularze/domain/schemas/projects';
import { formIdParams } from '../forms/forms-access';

/** The address of a form's adherence grid (`…/adherence/{formId}`), of its CSV and of its reminders. */
export const formAdherenceParams = z.object({ formId: formIdParams.shape.id });

/** The address of a project's adherence grid (`…/project_adherence/{groupId}`), of its CSV and of its reminders. */
export const projectAdherenceParams = z.object({ groupId: formToProjectParams.shape.groupId });
