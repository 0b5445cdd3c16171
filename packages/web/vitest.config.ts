import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { aliases, textParts } from './vite.config.ts';

export default defineProject({
  plugins: [react(), textParts({ split: false })],
  resolve: { alias: aliases('dots') },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
