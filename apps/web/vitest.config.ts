import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // A jsdom render of a 50-row MUI table with typed input takes seconds on a 2-core CI machine.
    testTimeout: 20_000,
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
  },
});
