// Pyodide's own module, imported by calculators/worker.js only to report its failure to load.
export {};
