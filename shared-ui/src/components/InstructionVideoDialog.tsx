import { Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { InfoDialog } from './InfoDialog';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(960px, 96vw)' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  video: { width: '100%', maxHeight: '70vh', backgroundColor: '#000' },
});

export interface InstructionVideoDialogProps {
  /** The video's address (`/org-media/files/video/instrukcja.mp4`). */
  src: string;
  open: boolean;
  onClose(): void;
}

/**
 * The patients' instructional video in a player over the page, rather than a bare file in a new
 * tab: large controls, a title and a sentence of what it shows, and the page stays where it was.
 */
export function InstructionVideoDialog({ src, open, onClose }: InstructionVideoDialogProps) {
  const styles = useStyles();
  return (
    <InfoDialog
      open={open}
      title="Film instruktażowy"
      onClose={onClose}
      className={styles.surface}
      contentClassName={styles.content}
    >
      <Text as="p" block>
        Film pokazuje krok po kroku, jak się zalogować, wypełnić formularz i go wysłać. Napisy są częścią
        obrazu; film nie ma dźwięku.
      </Text>
      {/* Nothing to caption: the video is silent and its captions are drawn into the picture. */}
      <video className={styles.video} src={src} controls preload="metadata" aria-label="Film instruktażowy" />
      <Link href={src} target="_blank" rel="noopener">
        Otwórz film w nowej karcie
      </Link>
    </InfoDialog>
  );
}
