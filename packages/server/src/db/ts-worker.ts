import { Worker } from 'node:worker_threads';

/**
 * A worker thread running one of the server's TypeScript modules. The server runs from its sources, and a worker does
 * not inherit the main thread's TypeScript loader on Node 20 (`--import tsx` in its options loads nothing), so the
 * thread imports its module through tsx's API.
 */
export function startTsWorker(module: URL, workerData: unknown): Worker {
  const href = JSON.stringify(module.href);
  const source = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ tsImport }) => tsImport(${href}, ${href}))`;
  return new Worker(source, { eval: true, workerData });
}
