import type { ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';
import { cn } from '@/lib/cn';

/** A single centred column for sign-in, sign-up and onboarding screens. */
export function CenteredPage({
  title,
  description,
  children,
  footer,
  showLogo = true,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  showLogo?: boolean;
  className?: string;
}) {
  return (
    <div className="flex min-h-full w-full flex-col items-center justify-center px-4 py-12 sm:px-6">
      <div className={cn('flex w-full max-w-[400px] flex-col', className)}>
        {showLogo ? <Logo className="mb-8 self-center" /> : null}
        <div className="mb-6 text-center">
          <h1 className="text-xl font-semibold tracking-tight text-foreground sm:text-2xl">
            {title}
          </h1>
          {description ? (
            <div className="mt-2 text-sm text-muted-foreground">{description}</div>
          ) : null}
        </div>
        {children}
        {footer ? (
          <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>
        ) : null}
      </div>
    </div>
  );
}
