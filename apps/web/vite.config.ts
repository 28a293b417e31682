import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = `http://127.0.0.1:${process.env.PORT ?? 8787}`;

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/app-config.json': api, '/api': api, '/functions': api, '/rest': api, '/auth': api },
  },
  build: { target: 'es2022' },
});
