// Proves the source folders form layers: no folder imports, through any chain of other folders,
// a folder that imports it back. Every directory of renderer/, shared/, electron/ and cli/ is one
// node (a parent and its subfolder too), every relative import an edge; a cycle is reported with
// one import that makes each of its edges, so the message says what to move.

import { statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, REPOSITORY, sourceFiles } from './import-specifiers';

/** Folder -> folders it imports, each with one import that does so (`file: specifier`). */
type FolderGraph = Map<string, Map<string, string>>;

function folderOf(target: string): string {
  try {
    if (statSync(join(REPOSITORY, target)).isDirectory()) return target;
  } catch {
    // Not a folder: a module named without its extension.
  }
  return posix.dirname(target);
}

function folderGraph(roots: readonly string[]): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const { file, specifier, target } of roots.flatMap(sourceFiles).flatMap(importsOf)) {
    if (target === undefined) continue;
    const from = posix.dirname(file);
    const to = folderOf(target);
    if (from === to) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    if (!edges.has(to)) edges.set(to, `${file}: ${specifier}`);
  }
  return graph;
}

/** The groups of two or more folders that reach each other (Tarjan's strongly connected components). */
function cycles(graph: FolderGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, next);
    low.set(folder, next);
    next += 1;
    stack.push(folder);
    onStack.add(folder);
    for (const to of graph.get(folder)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(folder, Math.min(low.get(folder)!, index.get(to)!));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== folder);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const folder of graph.keys()) if (!index.has(folder)) visit(folder);
  return groups;
}

/** Each edge inside a group, with the import that makes it. */
function describeCycle(graph: FolderGraph, group: readonly string[]): string[] {
  return group.flatMap((from) => [...(graph.get(from) ?? [])].filter(([to]) => group.includes(to)).map(([to, why]) => `${from} -> ${to} (${why})`));
}

describe('folders of the sources', () => {
  const graph = folderGraph(['renderer', 'shared', 'electron', 'cli']);

  it('finds the imports between folders it checks', () => {
    expect(graph.get('renderer/features/report')?.has('renderer/services')).toBe(true);
    expect([...graph.values()].reduce((sum, edges) => sum + edges.size, 0)).toBeGreaterThan(100);
  });

  it('finds a cycle where there is one', () => {
    const looped: FolderGraph = new Map([
      ['a', new Map([['b', 'a/x.ts: ../b/y']])],
      ['b', new Map([['c', 'b/y.ts: ../c/z']])],
      ['c', new Map([['a', 'c/z.ts: ../a/x']])],
      ['d', new Map([['a', 'd/w.ts: ../a/x']])],
    ]);
    expect(cycles(looped)).toEqual([['a', 'b', 'c']]);
  });

  it('import each other in no cycle', () => {
    expect(cycles(graph).map((group) => describeCycle(graph, group))).toEqual([]);
  });
});
