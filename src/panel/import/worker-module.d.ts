// Vite's worker import: `import W from './x?worker'` bundles x as its own script and gives its constructor.
declare module '*?worker' {
  const WorkerConstructor: new (options?: { name?: string }) => Worker;
  export default WorkerConstructor;
}
