import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor give up after 1 s by default; a 2-core CI machine running the API suites
// alongside can take longer than that to render a dialog of 60 checkboxes and query it by role.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
