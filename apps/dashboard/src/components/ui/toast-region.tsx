import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  dismissToast,
} from '@/hooks/use-toast';
import type { ToastItem, ToastVariant } from '@/hooks/use-toast';

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-border bg-surface-raised text-foreground',
  success: 'border-border bg-surface-raised text-foreground',
  destructive: 'border-destructive/40 bg-destructive text-destructive-foreground',
};

/**
 * The toasts with Radix Toast: 5000 ms display, swipe right past 50 px to dismiss, F8 moves
 * focus to the notifications region. The Radix side of ./toaster.tsx, in its own chunk.
 */
export function ToastRegion({ toasts }: { toasts: ToastItem[] }) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map(({ id, title, description, variant = 'default', action, duration, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-9 shadow-lg shadow-black/15',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 transition-opacity',
            variantClasses[variant],
          )}
        >
          {variant === 'destructive' ? (
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : variant === 'success' ? (
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          ) : null}
          <div className="grid min-w-0 gap-1">
            {title ? (
              <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
            ) : null}
            {description ? (
              <ToastPrimitive.Description
                className={cn(
                  'text-sm break-words whitespace-pre-line',
                  variant === 'destructive' ? 'opacity-90' : 'text-muted-foreground',
                )}
              >
                {description}
              </ToastPrimitive.Description>
            ) : null}
            {action ? (
              <ToastPrimitive.Action
                altText={action.label}
                onClick={action.onClick}
                className="mt-1 inline-flex h-7 w-fit items-center rounded-md border border-current/30 px-2 text-xs font-medium hover:bg-current/10"
              >
                {action.label}
              </ToastPrimitive.Action>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2.5 right-2.5 rounded-md p-1 opacity-60 transition-opacity hover:opacity-100 focus-visible:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        label="Notifications ({hotkey})"
        className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
