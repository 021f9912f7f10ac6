import { CircleAlert, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  info: { classes: 'border-border bg-muted/60 text-foreground', icon: Info, iconClass: '' },
  warning: {
    classes: 'border-warning/40 bg-warning/10 text-foreground',
    icon: TriangleAlert,
    iconClass: 'text-warning',
  },
  destructive: {
    classes: 'border-destructive/40 bg-destructive/10 text-foreground',
    icon: CircleAlert,
    iconClass: 'text-destructive',
  },
} as const;

/** A boxed note with an icon: information, a warning, or a problem. */
export function Callout({
  variant = 'info',
  title,
  children,
  className,
}: {
  variant?: keyof typeof variants;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const { classes, icon: Icon, iconClass } = variants[variant];
  return (
    <div
      role={variant === 'info' ? 'note' : 'alert'}
      className={cn('flex gap-3 rounded-lg border px-3.5 py-3 text-sm', classes, className)}
    >
      <Icon
        className={cn('mt-0.5 size-4 shrink-0 text-muted-foreground', iconClass)}
        aria-hidden="true"
      />
      <div className="grid min-w-0 gap-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div className="text-muted-foreground">{children}</div> : null}
      </div>
    </div>
  );
}
