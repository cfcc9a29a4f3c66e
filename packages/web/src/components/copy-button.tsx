import { Button, type ButtonProps } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { useState } from 'react';

/** How long "Copied" shows after a copy. */
const COPIED_MS = 2000;

interface CopyButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  value: string;
  /** The button's text, e.g. "Copy value"; "Copied" for a moment after a copy. */
  label: string;
  /** An accessible name when the label alone is ambiguous ("Copy SHA-256"). */
  ariaLabel?: string;
}

/** Spec §9: copies a value to the clipboard; a failure logs a warning and the value stays on screen to select. */
export function CopyButton({ value, label, ariaLabel, size = 'xs', variant = 'default' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const { start, clear } = useTimeout(() => setCopied(false), COPIED_MS);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      clear();
      setCopied(true);
      start();
    } catch (error) {
      // No clipboard (an insecure page, a refused permission).
      console.warn('Could not copy the value to the clipboard', error);
    }
  };
  return (
    <Button size={size} variant={variant} onClick={() => void copy()} aria-label={ariaLabel} style={{ flexShrink: 0 }}>
      {copied ? 'Copied' : label}
    </Button>
  );
}
