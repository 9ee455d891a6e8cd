// A value inside a form's nested values (a ship's parts, a roll's keypads), by its path of names.

/** @param {any} object @param {string[]} path */
export function getPath(object, path) {
  return path.reduce((node, key) => (node && typeof node === "object" && Object.hasOwn(node, key) ? node[key] : undefined), object);
}

/** @param {Record<string, any>} object @param {string[]} path @param {any} value */
export function setPath(object, path, value) {
  let node = object;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== "object" || Array.isArray(node[key])) node[key] = {};
    node = node[key];
  }
  node[path[path.length - 1]] = value;
}
