import { Outlet } from 'react-router';
import { ThemeToggle } from '../../layout/theme-toggle';

/** Sign-in and sign-up pages: no frame, a theme switch in the corner. */
export default function AuthLayout() {
  return (
    <div className="relative min-h-full bg-[radial-gradient(ellipse_at_top,var(--color-accent)_0%,transparent_55%)]">
      <div className="absolute top-3 right-3">
        <ThemeToggle />
      </div>
      <main className="min-h-full">
        <Outlet />
      </main>
    </div>
  );
}
