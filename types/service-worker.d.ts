// What calculators/service-worker/service-worker.js finds in /sw.js before it (scripts/build/offline.py): the build's
// globals, then calculators/shared/precache.js's functions (its `export` words dropped).

declare const VERSION: string;
declare const BUILD: string;
/** Every file of the build to precache: [path relative to the site root, content revision]. */
declare const PRECACHE_FILES: [string, string][];

type Precache = typeof import("../calculators/shared/precache.js");
declare const PRECACHE: Precache["PRECACHE"];
declare const precacheKey: Precache["precacheKey"];
declare const checkedMatch: Precache["checkedMatch"];
declare const fetchIntoPrecache: Precache["fetchIntoPrecache"];
