// The phone's scripts are browser modules in a folder without a package.json: this loads them under Node as
// the modules they are (whatever this Node version guesses of a .js file), from their own files, so their
// relative imports (./outbox/storage.js) resolve as in the browser.
import { register } from "node:module";

export const STATIC = new URL("../../../scorekeeper/games/static/scorekeeper/", import.meta.url);

const hook = `
export async function load(url, context, nextLoad) {
  if (url.startsWith(${JSON.stringify(STATIC.href)}) && url.endsWith(".js")) {
    return nextLoad(url, { ...context, format: "module" });
  }
  return nextLoad(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

/** The module at `path` under scorekeeper/games/static/scorekeeper/. */
export function staticModule(path) {
  return import(new URL(path, STATIC).href);
}
