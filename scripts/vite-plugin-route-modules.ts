// Everywhere but the browser's build: each route's module path, for the server's modulepreload links, is read from
// the import() that loads it, so client/routes.tsx writes the path once. A route's loader (an arrow that imports
// "./pages/…" or "./layouts/…", directly or through a top-level const loader it calls) becomes
// `Object.assign(loader, { module: "client/pages/…" })`, which `page()` and `lazyRoute()` read. The browser never
// reads the path (only the server renders the preload links), so its build leaves the table as written and its
// first load carries no path strings.
import MagicString from "magic-string";
import { parseAst, type Plugin } from "vite";

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const ROUTES = /[\\/]client[\\/]routes\.tsx$/;
/** The folders a route module lives in: a loader's other imports (the finder's estimate columns) are not its module. */
const MODULE_SOURCE = /^\.\/((?:pages|layouts)\/.+)$/;

function isNode(value: unknown): value is Node {
  return !!value && typeof value === "object" && typeof (value as Node).type === "string";
}

/** Every node under `node`, depth first (its own included). */
function* walk(node: Node): Generator<Node> {
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key === "type" || key === "start" || key === "end") continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item);
    } else if (isNode(value)) yield* walk(value);
  }
}

/** The route modules an arrow loads: its own import()s, and those of the top-level const arrows it calls. */
function modulesOf(arrow: Node, loaders: Map<string, Node>, seen = new Set<Node>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(arrow)) return found;
  seen.add(arrow);
  for (const node of walk(arrow)) {
    if (node.type === "ImportExpression") {
      const source = node.source as Node;
      const match = source.type === "Literal" && typeof source.value === "string" ? MODULE_SOURCE.exec(source.value) : null;
      if (match) found.add(`client/${match[1]}`);
    } else if (node.type === "CallExpression" && (node.callee as Node).type === "Identifier") {
      const loader = loaders.get((node.callee as Node).name as string);
      if (loader) for (const module of modulesOf(loader, loaders, seen)) found.add(module);
    }
  }
  return found;
}

/** The routes file with each route loader tagged with its module; throws where a loader names none or several. */
export function tagRouteModules(code: string, id: string): { code: string; map: ReturnType<MagicString["generateMap"]> } {
  const program = parseAst(code, { lang: "tsx" }) as unknown as Node;
  const loaders = new Map<string, Node>();
  for (const node of walk(program)) {
    if (node.type !== "VariableDeclarator") continue;
    const init = node.init as Node | null;
    if ((node.id as Node).type === "Identifier" && init?.type === "ArrowFunctionExpression") loaders.set((node.id as Node).name as string, init);
  }
  const out = new MagicString(code);
  for (const node of walk(program)) {
    if (node.type !== "CallExpression" || (node.callee as Node).type !== "Identifier") continue;
    const callee = (node.callee as Node).name as string;
    // The loader is page()'s fourth argument and lazyRoute()'s first.
    const position = callee === "page" ? 3 : callee === "lazyRoute" ? 0 : -1;
    if (position < 0) continue;
    const argument = (node.arguments as Node[])[position];
    // page() hands its own parameter to lazyRoute(): only the call that writes the loader is tagged (a route left
    // untagged is caught by test/unit/route-paths.test.ts, which finds a module for every lazy route).
    if (argument?.type === "Identifier" && !loaders.has(argument.name as string)) continue;
    const loader = argument?.type === "Identifier" ? loaders.get(argument.name as string) : argument;
    if (loader?.type !== "ArrowFunctionExpression" || !argument) throw new Error(`${id}: ${callee}() at ${node.start} has no loader arrow`);
    const modules = [...modulesOf(loader, loaders)];
    if (modules.length !== 1)
      throw new Error(`${id}: the loader of ${callee}() at ${node.start} imports ${modules.length} route modules (${modules.join(", ")}); it must import one`);
    out.prependLeft(argument.start, "Object.assign(");
    out.appendRight(argument.end, `, { module: ${JSON.stringify(modules[0])} })`);
  }
  return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
}

export function routeModules(): Plugin {
  return {
    name: "qingyun-route-modules",
    apply: (_config, env) => !(env.command === "build" && !env.isSsrBuild),
    enforce: "pre",
    transform(code, id) {
      return ROUTES.test(id) ? tagRouteModules(code, id) : null;
    },
  };
}
