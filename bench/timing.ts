/**
 * The bench's timing (bench/run.ts and its parts): a case run once to warm, then `runs` times,
 * its p50 and p95, and a line that states them with the ratio to the baseline measured in the
 * same run (the bookings list's first page), so a noisy machine shows in both.
 */
import { performance } from "node:perf_hooks";

export interface Timing {
  p50: number;
  p95: number;
}

export async function timed(fn: () => Promise<unknown>, runs = 40): Promise<Timing> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return percentiles(times);
}

export function percentiles(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)]! };
}

export const ms = (n: number) => `${n.toFixed(1).padStart(8)} ms`;

/** "name  p50 …  p95 …  ×N the list's p95  tail" */
export function timingLine(name: string, t: Timing, baseline: Timing | null, tail = "") {
  const ratio = baseline ? `   ×${(t.p95 / baseline.p95).toFixed(1)} the list's p95` : "";
  console.log(`${name.padEnd(40)} p50 ${ms(t.p50)}   p95 ${ms(t.p95)}${ratio}${tail ? `   ${tail}` : ""}`);
}
