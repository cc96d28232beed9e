import { DEFAULT_FONT_FAMILY } from '@taskhive/contract';

/** The font families a user may pick in the appearance settings, with their CSS stacks. */
export const FONT_OPTIONS = [
  { value: DEFAULT_FONT_FAMILY, label: 'Roboto', stack: `'Roboto', 'Helvetica Neue', Arial, sans-serif` },
  { value: 'Inter', label: 'Inter', stack: `'Inter', 'Segoe UI', Arial, sans-serif` },
  { value: 'Poppins', label: 'Poppins', stack: `'Poppins', 'Segoe UI', Arial, sans-serif` },
  { value: 'System', label: 'System UI', stack: `system-ui, -apple-system, 'Segoe UI', sans-serif` },
  { value: 'Serif', label: 'Serif', stack: `Georgia, 'Times New Roman', serif` },
] as const;

export function fontStack(value: string): string {
  return (FONT_OPTIONS.find((f) => f.value === value) ?? FONT_OPTIONS[0]).stack;
}
