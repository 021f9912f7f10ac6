import { Outlet, useNavigation } from 'react-router';
import { LoadingArea } from '@/components/ui/spinner';

/** The outermost route: a thin progress bar while a navigation loads, then the page. */
export function RootLayout() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <>
      <div
        aria-hidden="true"
        className={`pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity duration-300 ${busy ? 'opacity-100 delay-150' : 'opacity-0'}`}
      >
        <div className="h-full w-1/4 animate-[progress-indeterminate_1.1s_ease-in-out_infinite] bg-primary" />
      </div>
      <Outlet />
    </>
  );
}

/** Shown while the first route's code and data load. */
export function InitialLoading() {
  return <LoadingArea className="min-h-screen" label="Loading Trellis" />;
}
