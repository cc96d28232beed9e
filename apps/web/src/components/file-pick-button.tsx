import Button, { type ButtonProps } from '@mui/material/Button';
import type { ChangeEvent, ReactNode } from 'react';

export interface FilePickButtonProps extends Pick<
  ButtonProps,
  'variant' | 'size' | 'startIcon' | 'disabled' | 'sx'
> {
  /** MIME types the picker offers and accepts (empty: any). */
  accept: readonly string[];
  maxBytes: number;
  /** The input's accessible name (tests and screen readers). */
  inputLabel: string;
  onFile: (file: File) => void;
  /** Why a picked file was refused (wrong type or too large); it was not handed to `onFile`. */
  onRefused: (reason: string) => void;
  children: ReactNode;
}

const MB = 1024 * 1024;

/** A button that opens the file picker and checks type and size before anything is uploaded. */
export function FilePickButton({
  accept,
  maxBytes,
  inputLabel,
  onFile,
  onRefused,
  children,
  ...button
}: FilePickButtonProps) {
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = '';
    if (!picked) return;
    if (accept.length > 0 && !accept.includes(picked.type)) {
      onRefused('This file type is not allowed.');
      return;
    }
    if (picked.size > maxBytes) {
      onRefused(`The file must be ${Math.round(maxBytes / MB)} MB or smaller.`);
      return;
    }
    onFile(picked);
  };
  return (
    <Button component="label" variant="outlined" {...button}>
      {children}
      <input hidden type="file" accept={accept.join(',')} onChange={choose} aria-label={inputLabel} />
    </Button>
  );
}
