// `npm run help:video`: the patients' instructional video (help/video/instrukcja.mp4), made from
// the patient's screenshots (`npm run help:screenshots`) with a Polish caption under each. Silent,
// H.264 with the index at the front (faststart), so the browser's player starts at once. ffmpeg
// comes from the npm registry (@ffmpeg-installer/ffmpeg); the product needs none to run, as the
// video is committed.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { FONT_FILES } from './markdown-pdf.mjs';

const HELP_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = path.join(HELP_ROOT, 'video', 'instrukcja.mp4');

/** Each scene: a screenshot of help/screenshots and what the caption says while it shows. */
export const SCENES = [
  {
    picture: 'login',
    caption:
      'Otwórz stronę logowania. Wpisz numer telefonu\nalbo adres e-mail oraz hasło i wybierz „Zaloguj się”.',
  },
  {
    picture: 'first-login-dialog',
    caption: 'Przy pierwszym logowaniu zobaczysz okno z pomocą.\nPo przeczytaniu wybierz „Zamknij”.',
  },
  {
    picture: 'patient-start',
    caption: 'Strona startowa pokazuje formularze,\nktóre czekają na wypełnienie.',
  },
  {
    picture: 'patient-forms-active',
    caption: 'Wybierz w menu „Formularze”,\na potem „Wypełnij” przy wybranym formularzu.',
  },
  {
    picture: 'patient-fill',
    caption: 'Odpowiedz na pytania. Pytania z dopiskiem\n„* Pole wymagane” trzeba wypełnić.',
  },
  {
    picture: 'patient-fill-answered',
    caption: 'Sprawdź odpowiedzi i wybierz „Zapisz i wyślij”.\n„Zapisz” zachowa wersję roboczą na później.',
  },
  {
    picture: 'patient-filled-details',
    caption: 'Wysłany formularz możesz później obejrzeć\nw menu „Formularze”.',
  },
  {
    picture: 'patient-help-menu',
    caption: 'Masz pytania? Przycisk POMOC na górnym pasku\notwiera instrukcję i ten film.',
  },
];

const SECONDS_PER_SCENE = 6;
const FADE_SECONDS = 0.5;
const FRAMES_PER_SECOND = 10;
const WIDTH = 1100;
const PICTURE_HEIGHT = 700;
const CAPTION_HEIGHT = 120;

function runFfmpeg(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.path, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr.on('data', (chunk) => (log += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}):\n${log}`)),
    );
  });
}

/** drawtext reads its text from a file: no escaping of quotes, colons or Polish letters. */
async function captionFiles(dir) {
  return Promise.all(
    SCENES.map(async (scene, index) => {
      const file = path.join(dir, `caption-${index}.txt`);
      await writeFile(file, scene.caption);
      return file;
    }),
  );
}

export async function makeVideo(output = OUTPUT) {
  const work = await mkdtemp(path.join(os.tmpdir(), 'formularze-video-'));
  try {
    const captions = await captionFiles(work);
    const inputs = SCENES.flatMap((scene) => [
      '-loop',
      '1',
      '-framerate',
      String(FRAMES_PER_SECOND),
      '-t',
      String(SECONDS_PER_SCENE),
      '-i',
      path.join(HELP_ROOT, 'screenshots', `${scene.picture}.jpg`),
    ]);
    const fadeOutAt = SECONDS_PER_SCENE - FADE_SECONDS;
    const scenes = SCENES.map(
      (_scene, index) =>
        `[${index}:v]scale=${WIDTH}:${PICTURE_HEIGHT},pad=${WIDTH}:${PICTURE_HEIGHT + CAPTION_HEIGHT}:0:0:color=0x102a43,` +
        `drawtext=fontfile=${FONT_FILES.bold}:textfile=${captions[index]}:fontcolor=white:fontsize=30:` +
        `line_spacing=10:x=(w-text_w)/2:y=${PICTURE_HEIGHT}+(${CAPTION_HEIGHT}-text_h)/2,` +
        `fade=t=in:st=0:d=${FADE_SECONDS},fade=t=out:st=${fadeOutAt}:d=${FADE_SECONDS},setsar=1[s${index}]`,
    );
    const concat = `${SCENES.map((_scene, index) => `[s${index}]`).join('')}concat=n=${SCENES.length}:v=1:a=0[video]`;
    await runFfmpeg([
      '-y',
      ...inputs,
      '-filter_complex',
      [...scenes, concat].join(';'),
      '-map',
      '[video]',
      '-c:v',
      'libx264',
      '-preset',
      'slow',
      '-tune',
      'stillimage',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-metadata',
      'title=Formularze: jak wypełnić formularz',
      '-metadata:s:v',
      'language=pol',
      output,
    ]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return output;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const output = await makeVideo();
  const { size } = await stat(output);
  console.log(
    `${path.relative(process.cwd(), output)}: ${SCENES.length * SECONDS_PER_SCENE} s, ${(size / 1024).toFixed(0)} KB`,
  );
}
