// Builds the md5 bench page (the app's real md5 worker code) into dist-bench/md5.
import path from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: path.dirname(new URL(import.meta.url).pathname),
  logLevel: 'warn',
  build: { outDir: path.resolve('dist-bench/md5'), emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
});
