import { useEffect } from 'react';
import { useAppSelector } from '../../hooks/store';

/**
 * The self-hosted faces of the fonts a user may pick (@fontsource: served by this app, no
 * third-party request). Each font's CSS is a chunk of its own, imported once the font is chosen,
 * and the browser then fetches only the subsets and weights the page uses. The weights are the
 * theme's: 400 (text), 500, 600 (headings, buttons) and 700 (titles). System UI and Serif need none.
 */
const FACES: Record<string, () => Promise<unknown>> = {
  Roboto: () =>
    Promise.all([
      import('@fontsource/roboto/400.css'),
      import('@fontsource/roboto/500.css'),
      import('@fontsource/roboto/600.css'),
      import('@fontsource/roboto/700.css'),
    ]),
  Inter: () =>
    Promise.all([
      import('@fontsource/inter/400.css'),
      import('@fontsource/inter/500.css'),
      import('@fontsource/inter/600.css'),
      import('@fontsource/inter/700.css'),
    ]),
  Poppins: () =>
    Promise.all([
      import('@fontsource/poppins/400.css'),
      import('@fontsource/poppins/500.css'),
      import('@fontsource/poppins/600.css'),
      import('@fontsource/poppins/700.css'),
    ]),
};

/**
 * Loads the chosen font's faces, and the next one's when the choice changes (a module loads once).
 * Called by the signed-in frame (layout/app-shell.tsx), a lazy chunk: the sign-in route's
 * JavaScript has no room (its 180 KB budget), so the public pages keep the stack's fallbacks.
 * Until the faces load, or if they fail, the fallbacks show.
 */
export function useFontFaces() {
  const fontFamily = useAppSelector((s) => s.appearance.fontFamily);
  useEffect(() => {
    FACES[fontFamily]?.().catch(() => undefined);
  }, [fontFamily]);
}
