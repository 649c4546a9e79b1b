/**
 * The integration run's global setup: the production build, made once (when stale) before the
 * files start side by side. Two files that each start a server would otherwise both build into
 * `build/` at once; tests/setup/server.ts skips its own build when this ran (VT_BUILT).
 */
import { spawnSync } from "node:child_process";

export default function buildOnce() {
  const result = spawnSync(process.execPath, ["server.js", "--build-only"], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}\n${result.stderr}`);
  process.env.VT_BUILT = "1";
}
