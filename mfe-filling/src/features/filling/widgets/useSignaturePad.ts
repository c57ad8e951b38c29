import { useEffect, useRef, useState, type RefObject } from 'react';
import SignaturePad from 'signature_pad';

/*
 * The signature is an image kept with the answers and looked at later in any theme, so it is drawn
 * like ink on paper whatever the page's colours: black on white stays legible on light, dark and
 * high-contrast screens alike, and when printed.
 */
const INK = 'rgb(0, 0, 0)';
const PAPER = 'rgb(255, 255, 255)';

/** Sizes the canvas to its box at the screen's pixel ratio and redraws the strokes kept by `pad`. */
function fitCanvasToBox(element: HTMLCanvasElement, pad: SignaturePad) {
  // A canvas not laid out (hidden) has no box to fit; it is fitted when it gets one.
  if (element.offsetWidth === 0) return;
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  element.width = element.offsetWidth * ratio;
  element.height = element.offsetHeight * ratio;
  element.getContext('2d')?.scale(ratio, ratio);
  pad.redraw();
}

/**
 * Drawing on `canvas` with mouse, pen or touch (signature_pad comes in the signature field's own
 * chunk: a sheet on screen can always be signed, even when the connection dropped after it was
 * shown). The canvas keeps its drawing sharp at the screen's pixel ratio and across resizes.
 */
export function useSignaturePad(canvas: RefObject<HTMLCanvasElement | null>) {
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const created = new SignaturePad(element, { penColor: INK, backgroundColor: PAPER });
    created.addEventListener('endStroke', () => setEmpty(created.isEmpty()));
    const fitToBox = () => fitCanvasToBox(element, created);
    fitToBox();
    const observer = new ResizeObserver(fitToBox);
    observer.observe(element);
    pad.current = created;
    return () => {
      observer.disconnect();
      created.off();
      pad.current = null;
    };
  }, [canvas]);

  return {
    empty,
    clear() {
      pad.current?.clear();
      setEmpty(true);
    },
  };
}
