import path from 'node:path';

/** What rolldown's chunk naming tells of a module: the modules it imports statically. */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * A rolldown code-splitting group's `name` for the client build: the modules every page loads
 * before it hydrates (the static imports of the client entry, the root route and the shell
 * layout every page sits in (app/routes.ts), followed through)
 * go into one chunk, 'first-load'. Left to itself rolldown makes a chunk per set of importers,
 * which for these meant some twenty-five files of 0.2–28 KB, each a request every page makes
 * before it can hydrate (some fifty in all on a list page): over HTTP/1.1's six connections on a
 * slow phone network, round trips more than bytes. One file also compresses better. Nothing
 * changes in what a page loads: every page loads all of them anyway. Dynamic imports are not
 * followed: what loads later stays in its own chunks.
 */
export function firstLoadChunk(root: string) {
  let firstLoad: Set<string> | undefined;
  const closure = (ctx: ChunkingContext) => {
    const seen = new Set<string>();
    const stack = [
      path.join(root, 'app/entry.client.tsx'),
      path.join(root, 'app/root.tsx?__react-router-build-client-route'),
      // The header's widgets come through the shell since the header imports no feature.
      path.join(root, 'app/routes/shell.tsx?__react-router-build-client-route'),
    ];
    while (stack.length) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      seen.add(id);
      stack.push(...info.importedIds);
    }
    if (seen.size < 2) throw new Error('first-load chunk: the client entry or root route was not found');
    return seen;
  };
  return (id: string, ctx: ChunkingContext) => {
    firstLoad ??= closure(ctx);
    return firstLoad.has(id) ? 'first-load' : null;
  };
}
