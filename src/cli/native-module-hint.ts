// What to do when better-sqlite3's native module cannot be loaded: the one line a newcomer needs instead of a loader's list of paths.
/**
 * better-sqlite3 opens every embedded database (items, frontier, sessions). Its native module is built by its
 * install script, which npm 11 runs only when the project's package.json `allowScripts` names it (a project
 * from an older startproject, or one that added pricecrawl by hand, has no such entry), and which another
 * Node.js version cannot load. The loader then throws "Could not locate the bindings file. Tried: …" (thirteen
 * paths) or "was compiled against a different Node.js version", which say nothing of npm or what to run.
 * Null for any other error.
 */
export function nativeModuleHint(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  const packageDir = /(\/\S*?\/node_modules\/better-sqlite3)\//.exec(message)?.[1];
  if (packageDir === undefined) return null;
  // The project is above the first node_modules: npm may have nested the package under pricecrawl's own.
  const project = packageDir.slice(0, packageDir.indexOf('/node_modules/')) || '/';
  if (message.startsWith('Could not locate the bindings file')) {
    return (
      `better-sqlite3's native module was never built in ${packageDir}: npm skipped its install script (npm 11 runs a dependency's ` +
      `install scripts only when package.json's "allowScripts" names it). In ${project} run: ` +
      'npm install-scripts approve better-sqlite3 esbuild --no-allow-scripts-pin && npm rebuild better-sqlite3 esbuild'
    );
  }
  const versions = /NODE_MODULE_VERSION (\d+)[\s\S]*NODE_MODULE_VERSION (\d+)/.exec(message);
  if (versions) {
    return `better-sqlite3's native module in ${packageDir} was built for another Node.js (module version ${versions[1]}; this Node.js ${process.version} needs ${versions[2]}). In ${project} run: npm rebuild better-sqlite3`;
  }
  return null;
}
