import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { Button } from './button';
import type { ButtonSize, ButtonVariant } from './button';

const COPIED_MS = 2000;

interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied, for the accessible name: "Copy {label}". */
  label: string;
  /** Show a word next to the icon ("Copy", or `text`; "Copied" after copying). */
  withText?: boolean;
  text?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Copies a value; the icon turns into a check for two seconds. */
export function CopyButton({
  value,
  label,
  withText = false,
  text = 'Copy',
  variant = 'ghost',
  size,
  className,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyText(value, ref.current?.parentElement);
      setCopied(true);
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the text and copy it by hand.',
        variant: 'destructive',
      });
    }
  };

  const Icon = copied ? Check : Copy;
  return (
    <Button
      ref={ref}
      variant={variant}
      size={size ?? (withText ? 'sm' : 'icon-sm')}
      onClick={() => void copy()}
      aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
      title={copied ? 'Copied' : `Copy ${label}`}
      className={cn(copied && 'text-success hover:text-success', className)}
    >
      <Icon aria-hidden="true" />
      {withText ? <span>{copied ? 'Copied' : text}</span> : null}
    </Button>
  );
}
