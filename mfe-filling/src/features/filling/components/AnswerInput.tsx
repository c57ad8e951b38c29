import type { AttachedFile } from '../attached-file';
import type { DateTimeValue } from '../field-validation';
import type { AnswerInputProps } from './answer-props';
import { BoolAnswer, MultipleChoiceAnswer, SingleChoiceAnswer } from './ChoiceAnswers';
import { DateAnswer, DateTimeAnswer, TimeAnswer } from './DateAnswers';
import { TextAnswer } from './TextAnswer';
import { NumberAnswer, PeselAnswer } from './TypedNumberAnswers';
import { DeviceTextAnswer, FilesAnswer } from './WidgetAnswers';

/** How a field's answer is framed: one labelled control, or a group of controls with a legend. */
export function groupKindOf(field: AnswerInputProps['field']): 'radiogroup' | 'group' | undefined {
  switch (field.type) {
    case 'BOOL':
      return 'radiogroup';
    case 'DICTIONARY':
      return field.allowMultipleAnswers ? 'group' : 'radiogroup';
    case 'DATETIME':
      return 'group';
    default:
      return undefined;
  }
}

/** The control of one answer, by the field's type. */
export function AnswerInput(props: AnswerInputProps) {
  const { field } = props;
  switch (field.type) {
    case 'TEXT':
    case 'TEXTAREA':
      return <TextAnswer {...(props as AnswerInputProps<string>)} />;
    case 'NUMBER':
      return <NumberAnswer {...(props as AnswerInputProps<string>)} />;
    case 'PESEL':
      return <PeselAnswer {...(props as AnswerInputProps<string>)} />;
    case 'DATE':
      return <DateAnswer {...(props as AnswerInputProps<string>)} />;
    case 'TIME':
      return <TimeAnswer {...(props as AnswerInputProps<string>)} />;
    case 'DATETIME':
      return <DateTimeAnswer {...(props as AnswerInputProps<DateTimeValue>)} />;
    case 'BOOL':
      return <BoolAnswer {...(props as AnswerInputProps<boolean | null>)} />;
    case 'DICTIONARY':
      return field.allowMultipleAnswers ? (
        <MultipleChoiceAnswer {...(props as AnswerInputProps<string[]>)} />
      ) : (
        <SingleChoiceAnswer {...(props as AnswerInputProps<string>)} />
      );
    case 'FILE':
    case 'SIGN':
      return <FilesAnswer {...(props as AnswerInputProps<AttachedFile[]>)} />;
    case 'LOCATION':
    case 'QRCODE':
      return <DeviceTextAnswer {...(props as AnswerInputProps<string>)} />;
    default:
      return null;
  }
}
