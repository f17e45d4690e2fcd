import type { CSSProperties } from "react";
import { Toaster as Sonner, toast } from "sonner";

/**
 * sonner's light rich colours put text under WCAG AA's 4.5:1 on their own backgrounds (success
 * 4.3, info 4.4, warning 3.1, error 4.4 — axe's color-contrast). Same hues, darker text:
 * 6.0, 6.4, 6.7 and 5.8. Set on the toaster element, they override sonner's theme variables there.
 */
const readableRichColors = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--info-text": "hsl(210, 92%, 35%)",
  "--warning-text": "hsl(31, 92%, 28%)",
  "--error-text": "hsl(360, 100%, 38%)",
} as CSSProperties;

/**
 * Below 600 px sonner spans toasts across the top of the screen, over the header's menu and search
 * buttons (a toast under the finger or pointer stays while touched): on a phone they start below the
 * header (`h-16`, 64 px).
 */
const PHONE_OFFSET = { top: 72 };

/** The one toast outlet (sonner); `toast` is re-exported so features import it from here. */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      mobileOffset={PHONE_OFFSET}
      richColors
      closeButton
      style={readableRichColors}
    />
  );
}

export { toast };
