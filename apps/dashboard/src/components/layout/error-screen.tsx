/**
 * The router's error element (spec section 2, "Error screen"): outdated bundle, 404, or
 * any other error. Rendered without the frame, inside the app providers.
 */
import { useEffect } from 'react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { isChunkLoadError, reloadUrlForUpdate } from '@/lib/outdated-bundle';

export type ErrorScreenModel =
  | { kind: 'outdated-bundle'; title: string }
  | { kind: 'not-found'; title: string; text: string }
  | { kind: 'other'; title: string; detail?: string };

/** Decides what the screen says for an error (pure, so it is unit-tested). */
export function describeRouteError(error: unknown): ErrorScreenModel {
  if (isChunkLoadError(error)) {
    return { kind: 'outdated-bundle', title: 'A New App Version is Available!' };
  }
  const status = statusOf(error);
  if (status === 404) return { kind: 'not-found', title: '404', text: 'Page Not Found' };
  const statusText = statusTextOf(error);
  const title =
    status !== undefined ? String(status) : statusText ? statusText : 'Something went wrong';
  const message = error instanceof Error ? error.message : undefined;
  const detail = [statusText, message].find((text) => text && text !== title);
  return detail ? { kind: 'other', title, detail } : { kind: 'other', title };
}

function statusOf(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number' && status > 0) return status;
  }
  return undefined;
}

function statusTextOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'statusText' in error) {
    const text = (error as { statusText: unknown }).statusText;
    if (typeof text === 'string' && text !== '') return text;
  }
  return undefined;
}

export function RouteErrorScreen() {
  const error = useRouteError();
  const model = describeRouteError(error);
  const reloadTarget =
    model.kind === 'outdated-bundle' ? reloadUrlForUpdate(window.location.href) : undefined;

  useEffect(() => {
    console.error('Route error:', model.title, error);
    // One automatic reload to fetch the new bundle; the marker stops a second one.
    if (reloadTarget) window.location.replace(reloadTarget);
  }, [error, model.title, reloadTarget]);

  if (reloadTarget) return null;
  return <ErrorScreen model={model} />;
}

export function ErrorScreen({ model }: { model: ErrorScreenModel }) {
  const navigate = useNavigate();
  const returnToDashboard = () => {
    // After a failed bundle load, only a full page load picks up the new files.
    if (model.kind === 'outdated-bundle') window.location.assign('/');
    else void navigate('/');
  };
  const reload = () => window.location.reload();

  return (
    <main className="flex min-h-full flex-col items-center justify-center px-6 py-16 text-center">
      <title>{`${model.title} · Trellis`}</title>
      <Logo withWord={false} className="mb-8 opacity-80" />
      <h1
        className={
          model.kind === 'other' && model.title.length > 6
            ? 'max-w-lg text-2xl font-semibold tracking-tight text-foreground'
            : model.kind === 'outdated-bundle'
              ? 'max-w-lg text-2xl font-semibold tracking-tight text-foreground sm:text-3xl'
              : 'text-6xl font-semibold tracking-tighter text-foreground'
        }
      >
        {model.title}
      </h1>
      {model.kind === 'not-found' ? (
        <p className="mt-3 text-base text-muted-foreground">{model.text}</p>
      ) : null}
      {model.kind === 'other' && model.detail ? (
        <p className="mt-3 max-w-md text-sm break-words text-muted-foreground">{model.detail}</p>
      ) : null}
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        {model.kind === 'outdated-bundle' ? (
          <Button onClick={reload}>Reload to Update</Button>
        ) : null}
        {model.kind === 'other' ? <Button onClick={reload}>Try Again</Button> : null}
        <Button
          variant={model.kind === 'not-found' ? 'primary' : 'outline'}
          onClick={returnToDashboard}
        >
          Return to Dashboard
        </Button>
      </div>
    </main>
  );
}
