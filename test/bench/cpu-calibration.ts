// Lighthouse's CPU slowdown calibrated to the host, so every run emulates the same mid-tier phone whatever
// machine CI lands on. Lighthouse's simulated throttling multiplies the CPU time it observed by
// `cpuSlowdownMultiplier`; its default 4× assumes a host with a benchmark index of 1500–2000 ("Calibrating the
// CPU slowdown" in Lighthouse's docs/throttling.md), so a faster host measures a faster phone and a slower or
// busy one a slower phone (scores 66–85 on such hosts against 98–99 on a quiet one, same code). Chrome
// DevTools' CPU calibration (front_end/panels/mobile_throttling/CalibrationController.ts) names the target:
// a mid-tier device (like a Pixel 5) scores 1000 on the same BenchmarkIndex. See docs/decisions/001-lighthouse-cpu-calibration.md.

/** The BenchmarkIndex of the emulated mid-tier phone (DevTools' `midScore`). */
export const midTierBenchmarkIndex = 1000;

/**
 * The slowdown that turns a host of `benchmarkIndex` into the mid-tier phone: the simulation scales CPU time
 * linearly, so index / 1000. Never below 1 (a host slower than the phone cannot be sped up; the run says so).
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`no benchmark index to calibrate from (${benchmarkIndex})`);
  return Math.max(1, Math.round((benchmarkIndex / midTierBenchmarkIndex) * 100) / 100);
}
