/**
 * Follows the host's look: `theme` becomes `data-theme` and `color-scheme` on the root (the stylesheet keys its
 * palette on it, and falls back to prefers-color-scheme while the host names no theme), the host's CSS variables
 * (`--color-background-primary`, `--font-sans`, ...) are set on the root where the stylesheet reads them first,
 * and host font CSS is added once. Same effect as ext-apps' applyDocumentTheme, applyHostStyleVariables and
 * applyHostFonts.
 */
import type { HostContext } from './protocol.js';

const FONTS_ID = 'host-fonts';

export function applyHostContext(context: HostContext): void {
  const root = document.documentElement;
  if (context.theme === 'light' || context.theme === 'dark') {
    root.setAttribute('data-theme', context.theme);
    root.style.colorScheme = context.theme;
  }
  const variables = context.styles?.variables;
  if (variables) {
    for (const [name, value] of Object.entries(variables)) {
      if (name.startsWith('--') && typeof value === 'string') root.style.setProperty(name, value);
    }
  }
  const fonts = context.styles?.css?.fonts;
  if (typeof fonts === 'string' && !document.getElementById(FONTS_ID)) {
    const style = document.createElement('style');
    style.id = FONTS_ID;
    style.textContent = fonts;
    document.head.append(style);
  }
}
