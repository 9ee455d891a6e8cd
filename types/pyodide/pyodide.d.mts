// calculators/worker.js imports ../pyodide/pyodide.mjs: in the built site, the npm package's file
// (scripts/hooks/assets.py copies it). tsconfig's rootDirs map that path here.
export * from "pyodide";
