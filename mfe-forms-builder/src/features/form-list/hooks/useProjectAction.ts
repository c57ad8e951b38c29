import { runProjectAction, type ProjectAction } from '../api';
import { useListedFormMutation } from './useListedFormMutation';

const DONE: Record<ProjectAction['kind'], (form: string, project: string) => string> = {
  copy: (form, project) => `Skopiowano formularz ${form} do projektu ${project}`,
  move: (form, project) => `Przeniesiono formularz ${form} do projektu ${project}`,
  detach: (form, project) => `Usunięto formularz ${form} z projektu ${project}`,
};

/** Copies or moves a form to a project, or takes it out of its project; says how it went and refreshes the list. */
export function useProjectAction({ onDone }: { onDone?: () => void } = {}) {
  return useListedFormMutation(
    runProjectAction,
    (form, action: ProjectAction) => DONE[action.kind](form.name, action.project.name),
    onDone,
  );
}
