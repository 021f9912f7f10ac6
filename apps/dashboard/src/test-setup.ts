import { beforeAll } from 'vitest';
import { loadAllParts } from '@/components/ui/lazy-parts';

// Menus, popovers, dialogs and toasts load their Radix code on first use (lazy-parts.ts); a
// test renders them open and looks at their content at once, so load that code first. Runs
// after the test file's imports, which create those modules' loaders.
beforeAll(loadAllParts);
