import { createContext } from 'react';

/**
 * True while the build draws a screen's first frame (screen-frames.tsx): the layout and the screen's
 * head as HTML, which the server puts in the signed-in document so the owner sees them before the
 * app's code has run. Parts that wait on the browser draw what the app's first render shows in
 * their place: the header's account area nothing, the footer nothing (it comes with the screen).
 */
export const FirstFrame = createContext(false);
