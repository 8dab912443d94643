import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  plugins: [vue()],
  test: {
    environment: 'node',
    include: ['{shared,electron,renderer}/**/*.test.ts'],
    benchmark: { include: ['{shared,electron,renderer}/**/*.bench.ts'] },
    restoreMocks: true,
    // Property tests run hundreds of exact solves (2 s on a quiet 2-core machine); CI may run beside
    // other work, so a busy machine must not fail a correct run. A hang still fails.
    testTimeout: 30_000,
  },
})
