/** A V8 sampling heap profile as `HeapProfiler.stopSampling` returns it (the fields read here). */
export interface SamplingHeapProfile {
  head: HeapProfileNode;
}

interface HeapProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapProfileNode[];
}

export interface HeapSummary {
  totalBytes: number;
  /** Bytes by npm package, `node` for Node's own code, `ours` for apps/ and libs/, `(native)` for frames without a file. */
  byPackage: Array<[string, number]>;
  /**
   * Bytes by the innermost frame of our own code on the allocating stack: which of our calls the
   * allocation happened under, however deep in a library (`(none)` when no frame of ours was on it).
   */
  byOwnFrame: Array<[string, number]>;
}

const OWN_CODE = /\/dist\/(apps|libs)\//;

/** Where a sampling heap profile's bytes were allocated, largest first. */
export function summariseHeapProfile(profile: SamplingHeapProfile): HeapSummary {
  const byPackage = new Map<string, number>();
  const byOwnFrame = new Map<string, number>();
  let totalBytes = 0;
  const add = (into: Map<string, number>, key: string, bytes: number) => into.set(key, (into.get(key) ?? 0) + bytes);
  const walk = (node: HeapProfileNode, ownFrame: string) => {
    const frame = node.callFrame;
    const own = OWN_CODE.test(frame.url) ? `${frame.functionName || '(anonymous)'} ${frame.url.replace(/.*\/dist\//, '')}:${frame.lineNumber + 1}` : ownFrame;
    if (node.selfSize > 0) {
      totalBytes += node.selfSize;
      add(byPackage, packageOf(frame.url), node.selfSize);
      add(byOwnFrame, own, node.selfSize);
    }
    for (const child of node.children) walk(child, own);
  };
  walk(profile.head, '(none)');
  const largestFirst = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { totalBytes, byPackage: largestFirst(byPackage), byOwnFrame: largestFirst(byOwnFrame) };
}

function packageOf(url: string): string {
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1];
  if (OWN_CODE.test(url)) return 'ours';
  if (url.startsWith('node:')) return 'node';
  return '(native)';
}
