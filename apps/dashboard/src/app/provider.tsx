import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { SidebarProvider } from '@/hooks/use-sidebar';
import { useApplyTheme } from '@/hooks/use-theme';

function ThemeClass() {
  useApplyTheme();
  return null;
}

/**
 * Everything the screens rely on, around the router, so the error screen gets it too:
 * server state, theme class, sidebar state and toasts.
 */
export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeClass />
      <SidebarProvider>{children}</SidebarProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
