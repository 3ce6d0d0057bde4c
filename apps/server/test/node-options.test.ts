import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_HEAP_MB, serverNodeOptions } from '../../../scripts/node-options.mjs';

/** The heap limit (MB) a Node process started with NODE_OPTIONS `options` reports. */
function heapLimitMb(options: string): number {
  const out = execFileSync(
    process.execPath,
    ['-e', 'console.log(require("node:v8").getHeapStatistics().heap_size_limit)'],
    { env: { ...process.env, NODE_OPTIONS: options }, encoding: 'utf8' },
  );
  return Number(out.trim()) / 1024 / 1024;
}

describe('the server heap limit (docs/operations.md, memory)', () => {
  it('adds the limit to NODE_OPTIONS unless the operator set one', () => {
    expect(serverNodeOptions(undefined)).toBe(`--max-old-space-size=${SERVER_HEAP_MB}`);
    expect(serverNodeOptions('--enable-source-maps')).toBe(
      `--enable-source-maps --max-old-space-size=${SERVER_HEAP_MB}`,
    );
    expect(serverNodeOptions('--max-old-space-size=1024')).toBe('--max-old-space-size=1024');
  });

  it('is the limit Node runs with', () => {
    const limit = heapLimitMb(serverNodeOptions(undefined));
    // The old space plus the young generation's semi-spaces.
    expect(limit).toBeGreaterThanOrEqual(SERVER_HEAP_MB);
    expect(limit).toBeLessThan(SERVER_HEAP_MB + 100);
    expect(heapLimitMb('--max-old-space-size=1024')).toBeGreaterThanOrEqual(1024);
  });
});
