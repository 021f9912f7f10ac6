import { configure } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { loadAllParts } from '@/components/ui/lazy-parts';

// How long `findBy…` and `waitFor` wait for what they look for: past the default 1 s, which a
// loaded CI machine exceeded for a lazy route's first render. A wait, never an assertion on time.
configure({ asyncUtilTimeout: 10_000 });

// Menus, popovers, dialogs and toasts load their Radix code on first use (lazy-parts.ts); a
// test renders them open and looks at their content at once, so load that code first. Runs
// after the test file's imports, which create those modules' loaders.
beforeAll(loadAllParts);
