import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { AttachRegular } from '@fluentui/react-icons/svg/attach';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { DocumentRegular } from '@fluentui/react-icons/svg/document';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { FileChooser, StoredFileLink, useStackStyles } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { attachedFileName, type AttachedFile } from '../attached-file';
import { uploadFileTypesQuery } from './api';
import { AttachedFileStatus } from './AttachedFileStatus';
import { acceptAttribute, admitFiles, chosenFile, formatFileSize, isRefused } from './chosen-files';
import type { FilesWidgetProps } from './types';
import { useWidgetTextStyles } from './widget-text-styles';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  itemText: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  refused: { borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorPaletteRedBorder2}` },
});

/**
 * A FILE field (§5 "Filling"): files are chosen with a button (the native input stays hidden, but the
 * page's label still opens it), checked against the field's file type and limit, and listed with
 * their size, upload progress and a remove button. They are uploaded when the form is saved.
 */
export function FileField({
  field,
  inputId,
  describedBy,
  files,
  onChange,
  disabled,
  invalidFileKeys,
}: FilesWidgetProps) {
  const styles = useStyles();
  const text = useWidgetTextStyles();
  const stack = useStackStyles();
  const client = useApiClient();
  const shell = useShell();
  const fileTypes = useQuery(uploadFileTypesQuery(client));
  const chooseButton = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const [refusals, setRefusals] = useState<string[]>([]);

  const fileType = fileTypes.data?.find((type) => type.name === (field.fileType ?? 'Any'));
  const extensions = fileType?.extensions ?? [];
  const limit = field.maxNumberOfFiles ?? Number.POSITIVE_INFINITY;
  const full = files.length >= limit;
  const label = field.label ?? 'Pliki';

  const choose = (chosen: File[]) => {
    const { admitted, refusals: refused } = admitFiles(chosen, { extensions, room: limit - files.length });
    setRefusals(refused);
    if (admitted.length > 0) onChange([...files, ...admitted.map(chosenFile)]);
  };

  const remove = (removed: AttachedFile) => {
    setRefusals([]);
    onChange(files.filter((attached) => attached.key !== removed.key));
    // The removed row's button disappears; the chooser is where the next step starts.
    chooseButton.current?.focus();
  };

  const showOpenError = () => shell.alerts.show({ text: 'Nie udało się otworzyć pliku', isError: true });

  return (
    <div className={stack.s}>
      <div>
        <FileChooser
          ref={chooseButton}
          buttonLabel="Wybierz pliki"
          icon={<AttachRegular />}
          aria-label={`Wybierz pliki: ${label}`}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          disabled={disabled}
          // At the limit the button stays focusable, so a keyboard user still hears why it is off.
          disabledFocusable={!disabled && full}
          accept={acceptAttribute(extensions)}
          multiple={limit - files.length > 1}
          inputProps={{ id: inputId, disabled: full }}
          onFiles={choose}
        />
      </div>
      <Text id={hintId} size={200} className={text.hint}>
        {fileType && `${fileType.details} `}
        {Number.isFinite(limit) && `Dodane pliki: ${files.length} z ${limit}.`}
      </Text>
      <div role="alert">
        {refusals.map((refusal) => (
          <Text key={refusal} block size={200} className={text.problem}>
            {refusal}
          </Text>
        ))}
      </div>
      {files.length > 0 && (
        <ul className={styles.list} aria-label={`Załączone pliki: ${label}`}>
          {files.map((attached) => {
            const name = attachedFileName(attached);
            const refused = isRefused(attached, invalidFileKeys);
            return (
              <li key={attached.key} className={mergeClasses(styles.item, refused && styles.refused)}>
                <DocumentRegular aria-hidden />
                <div className={styles.itemText}>
                  {attached.status === 'uploaded' ? (
                    <StoredFileLink client={client} file={attached.uploaded} onError={showOpenError} />
                  ) : (
                    <Text>{name}</Text>
                  )}
                  <Text size={200} className={text.hint}>
                    {formatFileSize(
                      attached.status === 'uploaded' ? attached.uploaded.size : attached.file.size,
                    )}
                  </Text>
                  <AttachedFileStatus attached={attached} refused={refused} />
                </div>
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={`Usuń plik ${name}`}
                  disabled={disabled || attached.status === 'uploading'}
                  onClick={() => remove(attached)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
