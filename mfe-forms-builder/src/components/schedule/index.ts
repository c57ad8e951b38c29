/** The schedule editor of the form-building area: used by the schedule page and the form editor. */
export { ScheduleEditor, type ScheduleEditorProps } from './ScheduleEditor';
export {
  emptySchedule,
  hasScheduleIssues,
  isScheduleComplete,
  isScheduleSavable,
  scheduleDraftOf,
  schedulePayloadOf,
  type ScheduleDraft,
} from './schedule-editing';
