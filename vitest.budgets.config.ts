// The JavaScript budget (docs/decisions/012-performance-budgets.md): it measures the production build, so it
// builds first when dist/ is stale (minutes). Out of the plain `vitest run` so a newcomer's tests need no build;
// `npm run budgets` runs it, and .ci/run runs it with the bench.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

export default defineConfig({ ...base, test: { ...base.test, include: ["test/budgets/**/*.test.ts"] } });
