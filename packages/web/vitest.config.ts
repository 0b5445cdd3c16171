import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { aliases } from './vite.config.ts';

export default defineProject({
  plugins: [react()],
  resolve: { alias: aliases('dots') },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
