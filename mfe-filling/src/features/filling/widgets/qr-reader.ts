/** Reads a QR code from the video's current frame: its text, or null when none is seen. */
export type QrFrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/** The Barcode Detection API (Chromium on Android and macOS, Safari); not in TypeScript's DOM types yet. */
interface BarcodeDetectorApi {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
  getSupportedFormats(): Promise<string[]>;
}

/** Frames are read at most this wide: enough for a code filling part of the view, cheap on phones. */
const MAX_FRAME_WIDTH = 640;

/**
 * The browser's own detector where it reads QR codes, else jsQR, fetched only now that someone
 * scans (it is not needed by anyone who types the code).
 */
export async function createQrReader(): Promise<QrFrameReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorApi }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats()).includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}
