import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the bundle budget script (scripts/check-bundle.mjs) reads it.
    manifest: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, cached across releases of the app code.
        codeSplitting: {
          groups: [
            { name: 'mui', test: /node_modules[\\/](@mui[\\/](?!x-)[^\\/]+|@emotion[\\/][^\\/]+)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            {
              name: 'redux',
              test: /node_modules[\\/](@reduxjs|redux|react-redux|redux-persist|immer|reselect)[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});
