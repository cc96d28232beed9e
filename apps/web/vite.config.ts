import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    // react-router's package exports only its development build (with its dev-time warnings); the
    // production build beside it is the same API without them.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                import.meta.resolve('react-router').replace('/development/', '/production/'),
              ),
            },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the bundle budget script (scripts/check-bundle.mjs) reads it.
    manifest: true,
    // Every browser the app supports preloads modules itself (Chrome 66, Firefox 115, Safari 17):
    // the polyfill was half a KB of the sign-in route.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, cached across releases of the app code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // RTK Query loads with the first page that calls the API, not with the sign-in route
            // (the store attaches it then: src/api/attach-api.ts).
            {
              name: 'rtk-query',
              test: /node_modules[\\/](@reduxjs[\\/]toolkit[\\/]dist[\\/]query|@standard-schema)[\\/]/,
              // Only RTK Query's own modules: Redux, Immer and reselect stay in the redux chunk.
              includeDependenciesRecursively: false,
            },
            {
              name: 'redux',
              test: /node_modules[\\/](@reduxjs|redux|react-redux|redux-persist|immer|reselect)[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Charts load with the pages that draw them, never with the sign-in route.
            {
              name: 'charts',
              test: /node_modules[\\/](@mui[\\/]x-[^\\/]+|d3-[^\\/]+|flatqueue|bezier-easing)[\\/]/,
              // Only the chart modules: pulling their @mui/material imports in would put the whole
              // chunk on every route that uses those components.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
}));
