import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  plugins: [vue()],
  test: {
    environment: 'node',
    include: ['{shared,electron,renderer}/**/*.test.ts'],
    benchmark: { include: ['{shared,electron,renderer}/**/*.bench.ts'] },
    restoreMocks: true,
  },
})
