import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'
import { resultsSite } from './vite.site.config'

export default defineConfig({
  // resultsSite(): the saved pages' script, which `convert EVENT.json OUT.html` writes (issue 31).
  plugins: [vue(), resultsSite()],
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
