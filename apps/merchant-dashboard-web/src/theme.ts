import { createTheme, CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8: white on it, and it on white or the grey page, pass WCAG AA (4.5:1).
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: { fontWeight: '700' },
  // Staff who ask their system for less motion get dialogs and drawers without animation.
  respectReducedMotion: true,
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'md' } },
    // Close buttons are icons: give them a name screen readers can say.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Alert titles in the body colour: the tinted title colours fall below AA on their tints.
    Alert: { defaultProps: { closeButtonLabel: 'Close' }, styles: { title: { color: 'var(--mantine-color-text)' } } },
  },
});

/** Secondary ("dimmed") text dark enough for WCAG AA on white and on the grey page. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c6370' },
  dark: {},
});

/** Status colours as (text, background) pairs that pass WCAG AA at badge size. */
export const TONES = {
  green: { fg: '#085f43', bg: '#e6fcf5' },
  red: { fg: '#a51d1d', bg: '#fff5f5' },
  yellow: { fg: '#7a5300', bg: '#fff9db' },
  orange: { fg: '#a33a07', bg: '#fff4e6' },
  gray: { fg: '#495057', bg: '#f1f3f5' },
  blue: { fg: '#1864ab', bg: '#e7f5ff' },
} as const;
export type Tone = keyof typeof TONES;

/** The mode switch's colours: white text on them passes AA. */
export const MODE_COLOR = { test: '#c2410c', live: '#087f5b' } as const;
