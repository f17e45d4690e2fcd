import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const alias = {
  "@": fileURLToPath(new URL("./src", import.meta.url)),
  "@contract": fileURLToPath(new URL("./contract", import.meta.url)),
  "@mocks": fileURLToPath(new URL("./mocks", import.meta.url)),
};

const apiPort = process.env.PORT ?? "3000";
const proxiedPaths = ["/auth", "/api", "/premium", "/docs", "/inbound", "/health"];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [path, { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false }]),
    ),
  },
  build: { outDir: "dist", sourcemap: false },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          globals: true,
          include: ["src/**/*.test.{ts,tsx}", "contract/**/*.test.ts"],
          setupFiles: ["./src/test/setup.ts"],
          // Whole screens with lazy routes: generous on a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The PostgreSQL run shares one database: files run one after another.
          fileParallelism: !process.env.TEST_DATABASE_URL,
        },
      },
    ],
  },
});
