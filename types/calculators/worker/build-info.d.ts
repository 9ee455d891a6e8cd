// calculators/worker/build-info.js is written at build time (scripts/build/assets.py): its shape, for tsc.
export const WHEEL: string;
export const BUILD: string;
export const REVISIONS: Record<string, string>;
export const WORKER_SCRIPTS: string[];
